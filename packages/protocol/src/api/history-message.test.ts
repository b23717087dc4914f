import { describe, expect, it } from "vitest";
import { type HistoryMessage, historyMessageToFrontend } from "./history-message.ts";

const message = (fields: Partial<HistoryMessage>): HistoryMessage => ({
  message_id: "msg_1",
  role: "assistant",
  content_type: "text",
  content: "Hello",
  timestamp: 1_234_567_890_999,
  ...fields,
});

describe("historyMessageToFrontend", () => {
  it("converts every field to the frontend's camelCase format", () => {
    expect(
      historyMessageToFrontend(message({ content_type: "tool_use", part_id: "prt_1", call_id: "call_1" })),
    ).toStrictEqual({
      role: "assistant",
      type: "tool_use",
      content: "Hello",
      messageId: "msg_1",
      timestamp: "2009-02-13T23:31:30.999Z",
      partId: "prt_1",
      callId: "call_1",
    });
  });

  it("writes the keys in the order the Python implementation does", () => {
    expect(
      JSON.stringify(historyMessageToFrontend(message({ role: "user", part_id: "p", call_id: "c" }))),
    ).toBe(
      '{"role":"user","type":"text","content":"Hello","messageId":"msg_1","timestamp":"2009-02-13T23:31:30.999Z","partId":"p","callId":"c"}',
    );
  });

  it("sends timestamp null when the CLI recorded no time", () => {
    expect(historyMessageToFrontend(message({ timestamp: null }))).toStrictEqual({
      role: "assistant",
      type: "text",
      content: "Hello",
      messageId: "msg_1",
      timestamp: null,
    });
  });

  it("treats timestamp 0 as a real time, the Unix epoch", () => {
    expect(historyMessageToFrontend(message({ timestamp: 0 })).timestamp).toBe("1970-01-01T00:00:00.000Z");
  });

  it("keeps empty content", () => {
    expect(historyMessageToFrontend(message({ content: "" })).content).toBe("");
  });

  it("omits empty and null ids", () => {
    expect(historyMessageToFrontend(message({ message_id: "", part_id: null, call_id: "" }))).toStrictEqual({
      role: "assistant",
      type: "text",
      content: "Hello",
      timestamp: "2009-02-13T23:31:30.999Z",
    });
    expect(historyMessageToFrontend(message({ message_id: null })).messageId).toBeUndefined();
  });
});
