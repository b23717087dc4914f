import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { decodeSdkMessage, toUiSseMessage } from "../src/index.ts";
import { fullEvents } from "./events/sample-events.ts";

// A client in another language sees only these files: validate real protocol values with a
// standard JSON Schema validator (Ajv, draft 2020-12) to prove the generated documents work.
const schemaDirectory = join(import.meta.dirname, "..", "schema");
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
for (const file of readdirSync(schemaDirectory)) {
  ajv.addSchema(JSON.parse(readFileSync(join(schemaDirectory, file), "utf8")));
}

function validator(family: string, definition: string) {
  const validate = ajv.getSchema(`https://parley.dev/schema/${family}.json#/$defs/${definition}`);
  if (!validate) throw new Error(`no definition ${family}#${definition}`);
  return (value: unknown) => (validate(value) ? [] : (validate.errors ?? []));
}

// Compiling the SDK union's schema takes a few seconds on a busy 2-core machine: more than the default 5 s.
describe("generated JSON Schema, read by a non-zod validator", { timeout: 30_000 }, () => {
  it("accepts every rich message fixture and rejects a plan without steps", () => {
    const validateRich = validator("rich", "RichMessage");
    const directory = join(import.meta.dirname, "rich", "fixtures", "messages");
    const fixtures = readdirSync(directory).map((name) =>
      JSON.parse(readFileSync(join(directory, name), "utf8")),
    );
    expect(fixtures.length).toBeGreaterThanOrEqual(14);
    for (const fixture of fixtures) expect(validateRich(fixture)).toEqual([]);
    expect(validateRich({ kind: "Plan", data: { goal: "Ship it" } })).not.toEqual([]);
  });

  it("accepts every SDK message captured from the real claude CLI", () => {
    const validateSdk = validator("sdk", "SDKMessage");
    const directory = join(import.meta.dirname, "fixtures", "sdk", "samples");
    const lines = [
      "claude-print-hello.jsonl",
      "claude-print-bash-tool.jsonl",
      "claude-print-api-retry-500.jsonl",
    ]
      .flatMap((name) => readFileSync(join(directory, name), "utf8").split("\n"))
      .filter((line) => line.trim() !== "");
    const messages = lines
      .map((line) => decodeSdkMessage(line))
      .filter((result) => result.kind === "message");
    expect(messages.length).toBeGreaterThanOrEqual(10);
    for (const result of messages)
      expect(validateSdk(JSON.parse(JSON.stringify(result.message)))).toEqual([]);
    expect(validateSdk({ type: "assistant", session_id: "s", uuid: "not-a-uuid" })).not.toEqual([]);
  });

  it("accepts every server event and its SSE frame", () => {
    const validateEvent = validator("events", "ServerEvent");
    const validateFrame = validator("events", "UiSseMessage");
    let seq = 0;
    for (const event of Object.values(fullEvents)) {
      expect(validateEvent(event)).toEqual([]);
      seq += 1;
      const frame = toUiSseMessage(event, { id: `evt-${seq}`, seq, rev: 1, ts_ms: 1_790_000_000_000 });
      expect(validateFrame(JSON.parse(JSON.stringify(frame)))).toEqual([]);
    }
    expect(validateFrame({ id: "x", seq: -1, rev: 0, ts_ms: 0, kind: "token" })).not.toEqual([]);
  });
});
