import { describe, expect, it } from "vitest";
import { type ResponsePart, responsePartToFrontend } from "./response-part.ts";

const part = (fields: Partial<ResponsePart>): ResponsePart => ({
  text: "Done.",
  timestamp: 1_700_000_000_123,
  part_type: "final",
  ...fields,
});

describe("responsePartToFrontend", () => {
  it("converts every field to the frontend's camelCase format", () => {
    expect(
      responsePartToFrontend(part({ part_type: "tool", part_id: "prt_1", call_id: "call_1" })),
    ).toStrictEqual({
      text: "Done.",
      type: "tool",
      timestamp: "2023-11-14T22:13:20.123Z",
      partId: "prt_1",
      callId: "call_1",
    });
  });

  it("writes the keys in the order the Python implementation does", () => {
    expect(JSON.stringify(responsePartToFrontend(part({ part_id: "p", call_id: "c" })))).toBe(
      '{"text":"Done.","type":"final","timestamp":"2023-11-14T22:13:20.123Z","partId":"p","callId":"c"}',
    );
  });

  it("keeps an empty text, which the frontend shows as an empty message", () => {
    expect(responsePartToFrontend(part({ text: "", part_type: "thinking" }))).toStrictEqual({
      text: "",
      type: "thinking",
      timestamp: "2023-11-14T22:13:20.123Z",
    });
  });

  it("omits the timestamp when the CLI gave none", () => {
    expect(responsePartToFrontend(part({ timestamp: null }))).toStrictEqual({ text: "Done.", type: "final" });
  });

  it("treats timestamp 0 as a real time, the Unix epoch", () => {
    expect(responsePartToFrontend(part({ timestamp: 0 })).timestamp).toBe("1970-01-01T00:00:00.000Z");
  });

  it("writes times before 1970 with milliseconds and Z", () => {
    expect(responsePartToFrontend(part({ timestamp: -1 })).timestamp).toBe("1969-12-31T23:59:59.999Z");
  });

  it("omits empty and null part and call ids", () => {
    expect(responsePartToFrontend(part({ part_id: "", call_id: null }))).toStrictEqual({
      text: "Done.",
      type: "final",
      timestamp: "2023-11-14T22:13:20.123Z",
    });
  });
});
