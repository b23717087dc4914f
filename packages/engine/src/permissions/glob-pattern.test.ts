import { describe, expect, it } from "vitest";
import { matchesGlob } from "./glob-pattern.ts";

describe("matchesGlob", () => {
  it.each([
    ["*.ts", "index.ts", true],
    ["*.ts", "src/index.ts", false],
    ["**/*.ts", "index.ts", true],
    ["**/*.ts", "src/deep/index.ts", true],
    ["src/**", "src/a/b.txt", true],
    ["src/**", "srcx/a.txt", false],
    ["src/**/*.test.ts", "src/a.test.ts", true],
    ["src/**/*.test.ts", "src/a/b/c.test.ts", true],
    ["src/**/*.test.ts", "src/a/b/c.ts", false],
    ["*.{ts,tsx}", "view.tsx", true],
    ["*.{ts,tsx}", "view.js", false],
    ["file?.md", "file1.md", true],
    ["file?.md", "file/.md", false],
    ["[ab].txt", "a.txt", true],
    ["[!ab].txt", "a.txt", false],
    ["[!ab].txt", "c.txt", true],
    ["a+b(c).txt", "a+b(c).txt", true],
    ["\\*.txt", "*.txt", true],
    ["\\*.txt", "a.txt", false],
    ["{unclosed", "{unclosed", true],
  ])("%j against %j is %s", (pattern, path, expected) => {
    expect(matchesGlob(pattern, path)).toBe(expected);
  });

  it("matches a pattern without a slash against the last name anywhere when asked to", () => {
    expect(matchesGlob("*.ts", "src/deep/index.ts", { matchBase: true })).toBe(true);
    expect(matchesGlob("src/*.ts", "lib/src/index.ts", { matchBase: true })).toBe(false);
  });
});
