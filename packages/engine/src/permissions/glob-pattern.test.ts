import { describe, expect, it } from "vitest";
import { compileGlob, matchesGlob } from "./glob-pattern.ts";

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

describe("compileGlob on hostile input", () => {
  // As regular expressions these take from seconds to hours (`[^/]*a[^/]*a…` over a long name, stacked
  // `(?:[^/]*\/)*` over a deep path): a test that hangs until its timeout is what the old matcher did.
  it("answers a pattern of many stars against a long name of the starred letter", () => {
    const matcher = compileGlob(`${"*a".repeat(12)}*b`, { matchBase: true });
    expect(matcher.test(`deep/${"a".repeat(200)}`)).toBe(false);
    expect(matcher.test(`deep/${"a".repeat(200)}b`)).toBe(true);
  });

  it("answers stacked ** segments against a deep path", () => {
    const matcher = compileGlob(`${"**/".repeat(12)}x`);
    expect(matcher.test(`${"a/".repeat(200)}y`)).toBe(false);
    expect(matcher.test(`${"a/".repeat(200)}x`)).toBe(true);
  });

  it("gives the same answers when its cache of states fills up mid-path", () => {
    const pattern = `{${Array.from({ length: 12 }, (_, index) => `*${"abcdef"[index % 6]}${index}*`).join(",")}}`;
    const small = compileGlob(pattern, { maxStates: 3 });
    const large = compileGlob(pattern);
    const paths = ["xa0y", "f5", "b1b1b1", "c2d3e4f5a6", "zzzz", "a", "e10", "ab01cd23ef45"];
    for (const path of paths) expect(small.test(path)).toBe(large.test(path));
    expect(paths.filter((path) => large.test(path))).toEqual(["xa0y", "f5", "b1b1b1", "c2d3e4f5a6", "e10"]);
  });
});

describe("compileGlob's edge cases", () => {
  it("refuses a brace left open because a class took its closing brace, as the regular expression did", () => {
    expect(() => compileGlob("secrets/{[}]x")).toThrow(SyntaxError);
    expect(() => compileGlob("{[}]]")).toThrow(SyntaxError);
  });

  it("answers a pattern with more state sets than its cache holds, path after path", () => {
    const matcher = compileGlob(`*a${"?".repeat(12)}`, { maxStates: 20 });
    const names = Array.from({ length: 200 }, (_, index) =>
      Array.from({ length: 40 }, (_, at) => ((index * 7 + at * 13) % 5 === 0 ? "a" : "b")).join(""),
    );
    // The 13th character from the end is an `a` exactly when the name matches.
    for (const name of names) expect(matcher.test(name)).toBe(name.at(-13) === "a");
  });
});
