import { describe, expect, it } from "vitest";
import { compareNaturally, sortNaturally } from "./natural-order.ts";

describe("natural order", () => {
  it("sorts names without regard to case, as a person reading the list expects", () => {
    expect(sortNaturally(["zod", "README.md", "Makefile", "apple", "Zebra"], (name) => name)).toEqual([
      "apple",
      "Makefile",
      "README.md",
      "Zebra",
      "zod",
    ]);
  });

  it("sorts runs of digits by their value, leading zeros included", () => {
    const names = ["file-10.ts", "file-2.ts", "file-1.ts", "file-010.ts", "v1.10.0", "v1.9.2"];
    expect(sortNaturally(names, (name) => name)).toEqual([
      "file-1.ts",
      "file-2.ts",
      "file-010.ts",
      "file-10.ts",
      "v1.9.2",
      "v1.10.0",
    ]);
  });

  it("keeps a folder's paths together, right after the folder, before names that only start like it", () => {
    const paths = ["src-old/a.ts", "src/b.ts", "src/A/c.ts", "src.txt", "Src2/x.ts"];
    expect(sortNaturally(paths, (path) => path)).toEqual([
      "src/A/c.ts",
      "src/b.ts",
      "src-old/a.ts",
      "src.txt",
      "Src2/x.ts",
    ]);
  });

  it("orders names that differ only in case the same way every time", () => {
    expect(compareNaturally("readme", "README")).toBeGreaterThan(0);
    expect(compareNaturally("README", "readme")).toBeLessThan(0);
    expect(compareNaturally("a", "a")).toBe(0);
  });
});
