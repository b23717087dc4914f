import { describe, expect, it } from "vitest";
import { matchesWildcards } from "./manifest-folder.ts";

describe("matchesWildcards", () => {
  it("matches `*` against any run of characters, anchored at both ends", () => {
    expect(matchesWildcards("pkg-*", "pkg-one")).toBe(true);
    expect(matchesWildcards("pkg-*", "pkg-")).toBe(true);
    expect(matchesWildcards("pkg-*", "my-pkg-one")).toBe(false);
    expect(matchesWildcards("*-app", "web-app")).toBe(true);
    expect(matchesWildcards("a*b*c", "aXbYc")).toBe(true);
    expect(matchesWildcards("a*b*c", "aXbY")).toBe(false);
    expect(matchesWildcards("core", "core")).toBe(true);
  });

  it("answers a crafted pattern with many stars against a long name without backtracking", () => {
    // The regular expression this replaced tried every split: 200^12 steps here.
    expect(matchesWildcards(`${"*a".repeat(12)}*b`, "a".repeat(200))).toBe(false);
  });
});
