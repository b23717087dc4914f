import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { toUiSseMessage, UI_SSE_WIRE_REVISION } from "../../src/events/index.ts";
import { AnyUiSseMessageSchema, decodeRichMessage, decodeUiSseMessage } from "../../src/index.ts";
import { RichMessageSchema, richMessageSchemasByKind } from "../../src/rich/rich-message.ts";
import { decodeSdkMessage } from "../../src/sdk/decode-sdk-message.ts";
import { SDKMessageSchema } from "../../src/sdk/sdk-message.ts";
import { decodeCompiled, isCompiled } from "../../src/shared/decode-compiled.ts";
import { decodeWith } from "../../src/shared/decode-result.ts";
import { JsonValueSchema } from "../../src/shared/json-value.ts";
import { fullEvents } from "../events/sample-events.ts";

/** More decodes than a schema serves on the runtime before it is compiled. */
const PAST_COMPILE = 40;

function lastOfMany<T>(decode: () => T): T {
  let result = decode();
  for (let round = 1; round < PAST_COMPILE; round++) result = decode();
  return result;
}

const richDirectory = join(import.meta.dirname, "..", "rich", "fixtures", "messages");
const richMessages = readdirSync(richDirectory).map((name) => [
  name,
  JSON.parse(readFileSync(join(richDirectory, name), "utf8")) as unknown,
]);

const samplesDirectory = join(import.meta.dirname, "..", "fixtures", "sdk", "samples");
const sdkLines = readdirSync(samplesDirectory)
  .filter((name) => name.endsWith(".jsonl"))
  .flatMap((name) => readFileSync(join(samplesDirectory, name), "utf8").split("\n"))
  .filter((line) => line.trim() !== "");

describe("decoding once a schema is compiled", () => {
  it.each(richMessages)("decodes the rich message %s to what the schema alone gives", (_name, message) => {
    expect(lastOfMany(() => decodeRichMessage(message))).toEqual(decodeWith(RichMessageSchema, message));
    const kind = (message as { kind: keyof ReturnType<typeof richMessageSchemasByKind> }).kind;
    expect(isCompiled(richMessageSchemasByKind()[kind])).toBe(true);
  });

  it("decodes every recorded SDK line to what the schema alone gives", () => {
    for (const line of sdkLines) {
      const decoded = lastOfMany(() => decodeSdkMessage(line));
      if (decoded.kind !== "message") continue;
      expect(decodeWith(SDKMessageSchema, JSON.parse(line))).toEqual({
        success: true,
        value: decoded.message,
      });
    }
  });

  it("decodes every event frame to what the envelope schema alone gives", () => {
    for (const [index, event] of Object.values(fullEvents).entries()) {
      const frame = toUiSseMessage(event, { seq: index + 1, rev: UI_SSE_WIRE_REVISION, ts_ms: 1 });
      const decoded = lastOfMany(() => decodeUiSseMessage(JSON.stringify(frame)));
      const schemaAlone = decodeWith(AnyUiSseMessageSchema, frame);
      expect(schemaAlone.success && decoded.success && decoded.value.message).toEqual(
        schemaAlone.success && schemaAlone.value,
      );
    }
  });

  it("still rejects a bad field deep in a message, naming it, after many valid ones", () => {
    const plan = richMessages.find(([name]) => name === "plan.json")?.[1] as { data: { steps: object[] } };
    lastOfMany(() => decodeRichMessage(plan));
    const broken = { ...plan, data: { ...plan.data, steps: [{ ...plan.data.steps[0], reason: 7 }] } };
    const result = decodeRichMessage(broken);
    expect(!result.success && result.error.issues.map((issue) => issue.path)).toEqual([
      "data.steps.0.reason",
    ]);
  });

  it("rejects a value inside a tool's JSON input that JSON cannot hold, naming where it is", () => {
    const request = richMessages.find(([name]) => name === "tool-request.json")?.[1] as { data: object };
    lastOfMany(() => decodeRichMessage(request));
    const broken = { ...request, data: { ...request.data, parameters: { nested: [1, Number.NaN] } } };
    const result = decodeRichMessage(broken);
    expect(!result.success && result.error.issues.map((issue) => issue.path)).toEqual([
      "data.parameters.nested",
    ]);
    expect(result).toEqual(decodeWith(RichMessageSchema, broken));
  });

  it("rejects an invalid value deep in a recursive part as the schema alone does, without parsing it again per level", () => {
    // Depth 24: were each level parsed twice per level above it, this would take hours, not milliseconds.
    let nested: unknown = [Number.NaN];
    for (let depth = 0; depth < 24; depth++) nested = [nested];
    lastOfMany(() => decodeCompiled(JsonValueSchema, [1]));
    expect(isCompiled(JsonValueSchema)).toBe(true);
    const result = decodeCompiled(JsonValueSchema, nested);
    expect(result.success).toBe(false);
    expect(result).toEqual(decodeWith(JsonValueSchema, nested));
  });

  it("copies JSON values as the schema does, however deep", () => {
    const deep = { a: [{ b: { c: [null, true, 1.5, "x", { d: [] }] } }] };
    const decoded = lastOfMany(() => decodeCompiled(JsonValueSchema, deep));
    expect(decoded).toEqual({ success: true, value: deep });
    expect(decoded.success && decoded.value).not.toBe(deep);
    expect(lastOfMany(() => decodeCompiled(JsonValueSchema, { a: [undefined] }))).toEqual(
      decodeWith(JsonValueSchema, { a: [undefined] }),
    );
  });
});

describe("decoding a message from its JSON text once its schema is compiled", () => {
  it.each(richMessages)("decodes the rich message %s to what the schema alone gives", (_name, message) => {
    const text = JSON.stringify(message);
    expect(lastOfMany(() => decodeRichMessage(text))).toEqual(decodeWith(RichMessageSchema, message));
  });

  it("still names a bad field deep in a plan sent as text", () => {
    const plan = richMessages.find(([name]) => name === "plan.json")?.[1] as { data: { steps: object[] } };
    lastOfMany(() => decodeRichMessage(JSON.stringify(plan)));
    const broken = { ...plan, data: { ...plan.data, steps: [{ ...plan.data.steps[0], reason: 7 }] } };
    const result = decodeRichMessage(JSON.stringify(broken));
    expect(!result.success && result.error.issues.map((issue) => issue.path)).toEqual([
      "data.steps.0.reason",
    ]);
  });

  it("rejects a bad field 24 directories deep in a project tree sent as text, as the schema alone does", () => {
    const tree = richMessages.find(([name]) => name === "project-structure-tree.json")?.[1] as {
      data: { content: object };
    };
    lastOfMany(() => decodeRichMessage(JSON.stringify(tree)));
    // Were each level checked again per level above it on a refusal, this would take hours, not milliseconds.
    let node: object = { name: 7, path: "deep", files: [], directories: [] };
    for (let depth = 0; depth < 24; depth++)
      node = { name: `d${depth}`, path: `d${depth}`, files: [], directories: [node] };
    const broken = { ...tree, data: { ...tree.data, content: node } };
    const result = decodeRichMessage(JSON.stringify(broken));
    expect(result.success).toBe(false);
    expect(result).toEqual(decodeWith(RichMessageSchema, broken));
  });

  it("gives what the schema makes of the text where that differs from the text (a rule's tool name is trimmed)", () => {
    const request = richMessages.find(([name]) => name === "tool-request.json")?.[1] as { data: object };
    const withRule = {
      ...request,
      data: {
        ...request.data,
        suggested_rule: { tool: "  Bash  ", pattern: " npm test ", behavior: "allow" },
      },
    };
    const decoded = lastOfMany(() => decodeRichMessage(JSON.stringify(withRule)));
    const value = decoded.success ? (decoded.value as { data: { suggested_rule?: object } }) : undefined;
    expect(value?.data.suggested_rule).toEqual({
      tool: "Bash",
      pattern: "npm test",
      behavior: "allow",
    });
  });

  it("keeps a frame's fields the schema does not know, as the schema does", () => {
    const frame = {
      ...toUiSseMessage(fullEvents.Token, { seq: 1, rev: UI_SSE_WIRE_REVISION, ts_ms: 1 }),
      future: { a: [1] },
    };
    const decoded = lastOfMany(() => decodeUiSseMessage(JSON.stringify(frame)));
    expect(decoded.success && decoded.value.message).toEqual(frame);
  });

  it.each([
    ["spelled out", '"__proto__"'],
    ["escaped", '"\\u005f_proto__"'],
  ])(
    "copies a text with a __proto__ key (%s), so the key cannot set a prototype where the value is assigned",
    (_how, key) => {
      const frame = toUiSseMessage(fullEvents.Token, { seq: 1, rev: UI_SSE_WIRE_REVISION, ts_ms: 1 });
      const text = JSON.stringify(frame).replace(/}$/, `,${key}:{"admin":true}}`);
      const decoded = lastOfMany(() => decodeUiSseMessage(text));
      const message = decoded.success ? (decoded.value.message as object) : {};
      expect(Object.hasOwn(message, "__proto__")).toBe(false);
      expect((Object.assign({}, message) as { admin?: boolean }).admin).toBeUndefined();
    },
  );
});
