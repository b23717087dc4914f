import { describe, expect, it } from "vitest";
import { SseParser } from "./sse-parser.ts";

const parseAll = (chunks: string[]) => {
  const parser = new SseParser();
  return [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()];
};

describe("SseParser", () => {
  it("reads data, id and event fields, skipping comments and blocks without data", () => {
    const text =
      ': hello\nretry: 1000\n\nid: 7\nevent: update\ndata: {"a":1}\n\ndata: first\ndata:second\n\n';
    expect(parseAll([text])).toEqual([
      { id: "7", event: "update", data: '{"a":1}' },
      { data: "first\nsecond" },
    ]);
  });

  it("gives the same events however the bytes are split, across every line-end style", () => {
    const text = "\uFEFFid: 1\r\ndata: one\r\n\r\nid: 2\rdata: two\r\rdata: three\n\n";
    const whole = parseAll([text]);
    expect(whole).toEqual([{ id: "1", data: "one" }, { id: "2", data: "two" }, { data: "three" }]);
    for (let split = 0; split <= text.length; split++) {
      expect(parseAll([text.slice(0, split), text.slice(split)]), `split at ${split}`).toEqual(whole);
    }
    expect(parseAll([...text])).toEqual(whole);
  });

  it("never dispatches a last event whose blank line did not arrive", () => {
    expect(parseAll(["data: complete\n\ndata: cut in half"])).toEqual([{ data: "complete" }]);
    expect(parseAll(["data: complete\n\ndata: cut after its line\n"])).toEqual([{ data: "complete" }]);
  });
});
