import { describe, expect, it } from "vitest";
import { decodeSdkMessage, encodeSdkMessage } from "./decode-sdk-message.ts";

const ids = { uuid: "0493d255-cd2f-4b5b-a474-64aa5f5f3e48", session_id: "s-1" } as const;

describe("decodeSdkMessage fallbacks", () => {
  it("returns an explicit unknown result for an undeclared message type", () => {
    const raw = { type: "command_lifecycle", command_uuid: "c-1", state: "queued", ...ids };
    expect(decodeSdkMessage(JSON.stringify(raw))).toEqual({
      kind: "unknown",
      type: "command_lifecycle",
      subtype: undefined,
      raw,
    });
  });

  it("returns an explicit unknown result for an undeclared system subtype", () => {
    const raw = { type: "system", subtype: "post_turn_summary", summary: "did things", ...ids };
    expect(decodeSdkMessage(raw)).toEqual({
      kind: "unknown",
      type: "system",
      subtype: "post_turn_summary",
      raw,
    });
  });

  it("returns an explicit unknown result for an undeclared result subtype", () => {
    const raw = { type: "result", subtype: "error_new_kind", ...ids };
    expect(decodeSdkMessage(raw)).toMatchObject({
      kind: "unknown",
      type: "result",
      subtype: "error_new_kind",
    });
  });

  it("returns an unknown result, not an error, for a control request with an unknown subtype", () => {
    const raw = { type: "control_request", request_id: "req-2", request: { subtype: "no_such_subtype" } };
    expect(decodeSdkMessage(raw)).toEqual({
      kind: "unknown",
      type: "control_request",
      subtype: "no_such_subtype",
      raw,
    });
  });

  it("returns an unknown result for a control response that is neither success nor error", () => {
    const raw = { type: "control_response", response: { subtype: "partial", request_id: "req-2" } };
    expect(decodeSdkMessage(raw)).toMatchObject({
      kind: "unknown",
      type: "control_response",
      subtype: "partial",
    });
  });

  it("does not mistake inherited object keys for declared subtypes", () => {
    expect(decodeSdkMessage({ type: "system", subtype: "constructor", ...ids })).toMatchObject({
      kind: "unknown",
    });
    expect(decodeSdkMessage({ type: "toString", ...ids })).toMatchObject({
      kind: "unknown",
      type: "toString",
    });
  });
});

describe("decodeSdkMessage on bad input", () => {
  it("reports malformed JSON as invalid and keeps the line", () => {
    const result = decodeSdkMessage('{"type":"assistant",');
    expect(result).toMatchObject({ kind: "invalid", raw: '{"type":"assistant",' });
    if (result.kind === "invalid") expect(result.error.message).toMatch(/^invalid JSON/);
  });

  it("reports JSON that is not an object as invalid", () => {
    expect(decodeSdkMessage("[1,2]")).toMatchObject({
      kind: "invalid",
      error: { message: "expected a JSON object" },
    });
    expect(decodeSdkMessage("null")).toMatchObject({ kind: "invalid" });
  });

  it("names the missing type field", () => {
    expect(decodeSdkMessage({ session_id: "s" })).toMatchObject({
      kind: "invalid",
      error: { issues: [{ path: "type" }] },
    });
  });

  it("names a missing system subtype", () => {
    expect(decodeSdkMessage({ type: "system", ...ids })).toMatchObject({
      kind: "invalid",
      error: { issues: [{ path: "subtype" }] },
    });
  });

  it("names the offending field of a known message by its path", () => {
    const result = decodeSdkMessage({
      type: "assistant",
      message: {
        id: "m",
        type: "message",
        role: "assistant",
        model: "x",
        content: [{ type: "text" }],
        usage: {},
      },
      parent_tool_use_id: null,
      ...ids,
    });
    expect(result.kind).toBe("invalid");
    if (result.kind !== "invalid") return;
    const paths = result.error.issues.map((issue) => issue.path);
    expect(paths).toContain("message.content.0.text");
    expect(paths).toContain("message.usage.input_tokens");
  });

  it("names a bad field inside a control request body", () => {
    const result = decodeSdkMessage({
      type: "control_request",
      request_id: "r",
      request: { subtype: "set_permission_mode", mode: "yolo" },
    });
    expect(result).toMatchObject({ kind: "invalid", error: { issues: [{ path: "request.mode" }] } });
  });

  it("rejects a message uuid that is not a UUID", () => {
    const result = decodeSdkMessage({
      type: "system",
      subtype: "status",
      status: null,
      uuid: "nope",
      session_id: "s",
    });
    expect(result).toMatchObject({ kind: "invalid", error: { issues: [{ path: "uuid" }] } });
  });
});

describe("user message routing", () => {
  const base = { type: "user", message: { role: "user", content: "hi" }, parent_tool_use_id: null };

  it("decodes a host prompt without uuid or session id as a plain user message", () => {
    expect(decodeSdkMessage({ ...base, session_id: "" })).toEqual({
      kind: "message",
      message: { ...base, session_id: "" },
    });
  });

  it("requires uuid and session id when isReplay is true", () => {
    expect(decodeSdkMessage({ ...base, isReplay: true })).toMatchObject({ kind: "invalid" });
    expect(decodeSdkMessage({ ...base, ...ids, isReplay: true })).toMatchObject({
      kind: "message",
      message: { isReplay: true },
    });
  });
});

describe("encodeSdkMessage", () => {
  it("writes exactly one JSON line", () => {
    const line = encodeSdkMessage({ type: "keep_alive" });
    expect(line).toBe('{"type":"keep_alive"}\n');
  });

  it("keeps line separators inside strings escaped so a line stays one line", () => {
    const line = encodeSdkMessage({ type: "prompt_suggestion", suggestion: "a\nb", ...ids });
    expect(line.split("\n")).toHaveLength(2);
    expect(decodeSdkMessage(line)).toMatchObject({ kind: "message", message: { suggestion: "a\nb" } });
  });
});
