import { describe, expect, it } from "vitest";
import { neutralised } from "./instruction-markup.ts";

describe("an instruction file's framing tags", () => {
  it("are made inert after any whitespace and slash, so a file cannot close its frame", () => {
    expect(neutralised("</instructions>\n< / System-Reminder>\n<\t\tnot-given")).toBe(
      "&lt;/instructions>\n&lt; / System-Reminder>\n&lt;\t\tnot-given",
    );
    expect(neutralised("a < b, c </ d, <instruction")).toBe("a < b, c </ d, <instruction");
  });

  it("are found at once in a file of a '<' and a long run of whitespace", () => {
    // A scan that backtracks over the run takes minutes here, past the test's time limit.
    const spaces = " ".repeat(256 * 1024);
    expect(neutralised(`<${spaces}x`)).toBe(`<${spaces}x`);
    expect(neutralised(`<${spaces}/${spaces}instructions>`)).toBe(`&lt;${spaces}/${spaces}instructions>`);
  });
});
