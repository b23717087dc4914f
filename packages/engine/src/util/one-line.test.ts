import { describe, expect, it } from "vitest";
import { oneLine } from "./one-line.ts";

/** A UTF-16 surrogate not paired with its other half: half an emoji. */
const HALF_A_CHARACTER = /[\uD800-\uDFFF]/u;

describe("oneLine", () => {
  it("puts text on one line: line breaks, tabs, escape sequences and invisible characters become single spaces", () => {
    expect(oneLine("  Fill\r\n\tPDF   forms\u001b[2J now\u202e\u200b.\u2028 ", 100)).toBe(
      "Fill PDF forms [2J now .",
    );
  });

  it("leaves a line of at most max characters whole, and cuts a longer one with an ellipsis", () => {
    expect(oneLine("abcde", 5)).toBe("abcde");
    expect(oneLine("abcdef", 5)).toBe("abcd…");
  });

  it("counts and cuts by characters, so an emoji is never cut in half", () => {
    expect(oneLine("🚀🚀🚀", 3)).toBe("🚀🚀🚀");
    const cut = oneLine("🚀".repeat(10), 4);
    expect(cut).toBe("🚀🚀🚀…");
    expect(cut).not.toMatch(HALF_A_CHARACTER);
  });
});
