import { describe, expect, it } from "vitest";
import type { ResponsePart } from "./response-part.ts";
import { combinedResponse, type RunResult, runResultToAgentReply } from "./run-result.ts";

const thinking: ResponsePart = {
  text: "Let me check.",
  timestamp: 1_000,
  part_type: "thinking",
  part_id: "p1",
};
const empty: ResponsePart = { text: "", timestamp: null, part_type: "tool", call_id: "call_1" };
const final: ResponsePart = { text: "All tests pass.", timestamp: 2_000, part_type: "final" };

const result = (fields: Partial<RunResult>): RunResult => ({
  success: true,
  session_id: "ses_1",
  response_parts: [thinking, empty, final],
  error_message: null,
  ...fields,
});

describe("combinedResponse", () => {
  it("joins the non-empty part texts with a blank line", () => {
    expect(combinedResponse(result({}))).toBe("Let me check.\n\nAll tests pass.");
  });

  it("shows the error message of a failed run", () => {
    expect(combinedResponse(result({ success: false, error_message: "model not found" }))).toBe(
      "model not found",
    );
  });

  it("falls back to the parts of a failed run without an error message", () => {
    expect(combinedResponse(result({ success: false, error_message: "" }))).toBe(
      "Let me check.\n\nAll tests pass.",
    );
    expect(combinedResponse(result({ success: false, error_message: null }))).toBe(
      "Let me check.\n\nAll tests pass.",
    );
  });

  it("ignores an error message on a successful run", () => {
    expect(combinedResponse(result({ error_message: "warning: slow" }))).toBe(
      "Let me check.\n\nAll tests pass.",
    );
  });

  it("is empty when no part has text", () => {
    expect(combinedResponse(result({ response_parts: [empty] }))).toBe("");
  });
});

describe("runResultToAgentReply", () => {
  it("builds the frontend reply with every part, the empty one included", () => {
    expect(
      runResultToAgentReply(result({}), {
        messageId: "1700000000000",
        sentAtMs: 1_700_000_000_000,
        prompt: "Run the tests",
      }),
    ).toStrictEqual({
      messageId: "1700000000000",
      sent: "2023-11-14T22:13:20.000Z",
      response: "Let me check.\n\nAll tests pass.",
      prompt: "Run the tests",
      responses: [
        { text: "Let me check.", type: "thinking", timestamp: "1970-01-01T00:00:01.000Z", partId: "p1" },
        { text: "", type: "tool", callId: "call_1" },
        { text: "All tests pass.", type: "final", timestamp: "1970-01-01T00:00:02.000Z" },
      ],
      sessionId: "ses_1",
    });
  });

  it("answers a failed run without a session with the error and no sessionId", () => {
    expect(
      runResultToAgentReply(
        result({ success: false, session_id: null, response_parts: [], error_message: "boom" }),
        {
          messageId: "m-1",
          sentAtMs: 0,
        },
      ),
    ).toStrictEqual({ messageId: "m-1", sent: "1970-01-01T00:00:00.000Z", response: "boom", responses: [] });
  });
});
