import { describe, expect, it } from "vitest";
import { parseSseText, readSseEvents, SseParser } from "./read-sse-events.ts";
import { arrayToReadableStream } from "./stream-helpers.ts";

const bytes = (...chunks: string[]) =>
  arrayToReadableStream(chunks.map((chunk) => new TextEncoder().encode(chunk)));

describe("SSE parsing", () => {
  it("reads event, data and id fields, joining multi-line data with newlines", () => {
    expect(parseSseText("event: a\nid: 7\ndata: one\ndata: two\n\ndata: plain\n\n")).toEqual([
      { event: "a", data: "one\ntwo", id: "7" },
      { event: undefined, data: "plain", id: undefined },
    ]);
  });

  it("accepts CRLF and CR line ends, skips comments, and strips only one space after the colon", () => {
    expect(parseSseText(": keep-alive\r\ndata:  two spaces\r\rdata:none\r\n\r\n")).toEqual([
      { event: undefined, data: " two spaces", id: undefined },
      { event: undefined, data: "none", id: undefined },
    ]);
  });

  it("does not dispatch blocks without data, nor an unterminated last event", () => {
    expect(parseSseText("event: lonely\n\ndata: cut off")).toEqual([]);
  });

  it("handles events and CRLF pairs split across chunks", () => {
    const parser = new SseParser();

    const first = parser.push("event: x\r");
    const second = parser.push('\ndata: {"a":');
    const third = parser.push("1}\r");
    const fourth = parser.push("\n\r\n");

    expect([first, second, third]).toEqual([[], [], []]);
    expect(fourth).toEqual([{ event: "x", data: '{"a":1}', id: undefined }]);
  });

  it("decodes multi-byte characters split across byte chunks", async () => {
    const encoded = new TextEncoder().encode("data: héllo\n\n");
    const stream = arrayToReadableStream([encoded.slice(0, 8), encoded.slice(8)]);

    expect(await readSseEvents(stream)).toEqual([{ event: undefined, data: "héllo", id: undefined }]);
  });

  it("reads a whole response body", async () => {
    const response = new Response(bytes("event: ping\ndata: {}\n\n", "data: [DONE]\n\n"));

    expect((await readSseEvents(response)).map((event) => event.data)).toEqual(["{}", "[DONE]"]);
  });
});
