import { describe, expect, it } from "vitest";
import { decodeUiSseMessage } from "./ui-sse-message.ts";

const wire =
  '{"id":"token-coder-9","seq":9,"rev":9,"ts_ms":1700000000000,"kind":"token","text":"Hi","agent_id":"coder"}';

describe("decodeUiSseMessage", () => {
  it("decodes the JSON text of an SSE frame", () => {
    expect(decodeUiSseMessage(wire)).toEqual({
      success: true,
      value: {
        knownKind: true,
        message: {
          id: "token-coder-9",
          seq: 9,
          rev: 9,
          ts_ms: 1_700_000_000_000,
          kind: "token",
          text: "Hi",
          agent_id: "coder",
        },
      },
    });
  });

  it("decodes an already parsed frame", () => {
    const result = decodeUiSseMessage(JSON.parse(wire));
    expect(result.success && result.value.knownKind).toBe(true);
  });

  it("keeps a kind from a newer server as-is and flags it", () => {
    const result = decodeUiSseMessage({
      id: "x",
      seq: 10,
      rev: 1,
      ts_ms: 1,
      kind: "pet_speak",
      data: { mood: "calm" },
    });
    expect(result).toEqual({
      success: true,
      value: {
        knownKind: false,
        message: { id: "x", seq: 10, rev: 1, ts_ms: 1, kind: "pet_speak", data: { mood: "calm" } },
      },
    });
  });

  it("keeps top-level fields a newer server adds", () => {
    const result = decodeUiSseMessage({
      id: "x",
      seq: 1,
      rev: 1,
      ts_ms: 1,
      kind: "run",
      phase: "sync",
      trace_id: "t",
    });
    expect(result.success && result.value.message.trace_id).toBe("t");
  });

  it("reports malformed JSON instead of throwing", () => {
    const result = decodeUiSseMessage('{"id":"x","seq":');
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.message).toMatch(/^invalid JSON/);
  });

  it("names the offending field of a frame without a usable seq", () => {
    const result = decodeUiSseMessage({ id: "x", seq: -1, rev: 1, ts_ms: 1, kind: "run" });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues.map((issue) => issue.path)).toEqual(["seq"]);
  });

  it("rejects null where the seed's format omits a field", () => {
    const result = decodeUiSseMessage({ id: "x", seq: 1, rev: 1, ts_ms: 1, kind: "run", phase: null });
    expect(result.success).toBe(false);
  });
});
