import { describe, expect, it } from "vitest";
import {
  decodeSdkMessage,
  encodeSdkMessage,
  newControlRequest,
  type SDKControlRequestInner,
  SDKMessageSchema,
  StdinMessageSchema,
  StdoutMessageSchema,
} from "../../src/index.ts";
import {
  contentBlockExamples,
  controlExamples,
  controlRequestBodies,
  helloBetaMessage,
  messageExamples,
} from "./sdk-examples.ts";

const ids = { uuid: "0493d255-cd2f-4b5b-a474-64aa5f5f3e48", session_id: "s-1" };

const future = { x_added_by_a_newer_cli: { nested: [1, "two", null] } };

describe("every SDK message variant survives an encode/decode round trip", () => {
  it.each(Object.entries(messageExamples))("%s decodes back to the same message", (_name, message) => {
    const decoded = decodeSdkMessage(encodeSdkMessage(message));
    expect(decoded).toEqual({ kind: "message", message });
  });

  it.each(Object.entries(messageExamples))("%s keeps fields it does not know", (_name, message) => {
    const withExtra = { ...message, ...future };
    expect(decodeSdkMessage(encodeSdkMessage(withExtra))).toEqual({ kind: "message", message: withExtra });
  });
});

describe("every control frame survives an encode/decode round trip", () => {
  it.each(Object.entries(controlExamples))("%s decodes back to the same frame", (_name, frame) => {
    expect(decodeSdkMessage(encodeSdkMessage(frame))).toEqual({ kind: "control", frame });
  });

  it.each(controlRequestBodies.map((body) => [body.subtype, body] as const))(
    "a %s request decodes as a control frame and keeps unknown fields",
    (_subtype, body) => {
      const frame = newControlRequest({ ...body, ...future } as SDKControlRequestInner, "req-7");
      expect(decodeSdkMessage(encodeSdkMessage(frame))).toEqual({ kind: "control", frame });
    },
  );
});

/** The first content block of each message that carried `block` and decoded as a known message. */
function roundTripInMessages(block: Record<string, unknown>): unknown[] {
  const assistant = {
    type: "assistant",
    message: { ...helloBetaMessage, content: [block] },
    parent_tool_use_id: null,
  };
  const user = { type: "user", message: { role: "user", content: [block] }, parent_tool_use_id: null };
  return [{ ...assistant, ...ids }, user].flatMap((message) => {
    const result = decodeSdkMessage(encodeSdkMessage(message as never));
    if (result.kind !== "message") return [];
    const decoded = result.message;
    if (decoded.type !== "assistant" && decoded.type !== "user") return [];
    const content = decoded.message.content;
    return typeof content === "string" ? [] : [content[0]];
  });
}

describe("every content block survives inside the messages that may carry it", () => {
  it.each(Object.entries(contentBlockExamples))(
    "a %s block round-trips unchanged, unknown fields included",
    (_t, block) => {
      const withExtra = { ...block, ...future };
      const decoded = roundTripInMessages(withExtra);
      expect(decoded.length).toBeGreaterThan(0);
      for (const each of decoded) expect(each).toEqual(withExtra);
    },
  );
});

describe("the union schemas", () => {
  it("SDKMessageSchema and StdoutMessageSchema accept every message example as is", () => {
    for (const message of Object.values(messageExamples)) {
      if (message.type !== "active_goal") expect(SDKMessageSchema.parse(message)).toEqual(message);
      expect(StdoutMessageSchema.parse(message)).toEqual(message);
    }
  });

  it("StdinMessageSchema accepts what a host writes and rejects what only the CLI emits", () => {
    expect(StdinMessageSchema.safeParse(messageExamples["user prompt from host"]).success).toBe(true);
    for (const frame of Object.values(controlExamples))
      expect(StdinMessageSchema.parse(frame)).toEqual(frame);
    expect(StdinMessageSchema.safeParse(messageExamples["system init"]).success).toBe(false);
  });
});
