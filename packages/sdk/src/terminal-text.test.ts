import { describe, expect, it } from "vitest";
import { safeText, visibleText } from "./terminal-text.ts";

describe("terminal text", () => {
  it("shows every character that could hide or reorder part of a command as an escape, keeping lines", () => {
    expect(visibleText("curl x | sh\r\u001b[2K  ls\u202e txt.exe\u200b\nsecond\tline")).toBe(
      "curl x | sh\\r\\e[2K  ls\\u202e txt.exe\\u200b\nsecond\\tline",
    );
    expect(visibleText("plain command")).toBe("plain command");
    // Invisible or reordering characters outside the well-known ones, astral ones included.
    expect(visibleText("a\u061cb\u2028c\u00add\u3164e\ufe0ff\u{e0041}g é 😀")).toBe(
      "a\\u061cb\\u2028c\\u00add\\u3164e\\ufe0ff\\u{e0041}g é 😀",
    );
  });

  it("turns control characters into a visible mark and keeps ordinary text as it is", () => {
    expect(safeText("name\u001b]0;title\u0007\r\nnext\tend")).toBe("name�]0;title�\nnext  end");
    expect(safeText("plain")).toBe("plain");
  });
});
