import { describe, expect, it } from "vitest";
import { exportResultToFrontend } from "./export-result.ts";

describe("exportResultToFrontend", () => {
  it("turns an export into the frontend's history response, message by message", () => {
    expect(
      exportResultToFrontend({
        success: true,
        session_id: "ses_1",
        messages: [
          { message_id: "m1", role: "user", content_type: "text", content: "hi", timestamp: 1_000 },
          {
            message_id: null,
            role: "assistant",
            content_type: "tool",
            content: "",
            timestamp: null,
            call_id: "c1",
          },
        ],
      }),
    ).toStrictEqual({
      sessionId: "ses_1",
      messages: [
        { role: "user", type: "text", content: "hi", messageId: "m1", timestamp: "1970-01-01T00:00:01.000Z" },
        { role: "assistant", type: "tool", content: "", timestamp: null, callId: "c1" },
      ],
    });
  });
});
