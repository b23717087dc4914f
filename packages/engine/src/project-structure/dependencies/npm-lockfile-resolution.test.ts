import { describe, expect, it } from "vitest";
import { resolveNpmLockfile } from "./npm-lockfile-resolution.ts";

/** Resolves `required[key]` for each key of a lockfile, as key → name → resolved key. */
function resolve(required: Record<string, string[]>): Record<string, Record<string, string>> {
  const resolved = resolveNpmLockfile(Object.keys(required), (key) => required[key] ?? []);
  return Object.fromEntries([...resolved].map(([key, names]) => [key, Object.fromEntries(names)]));
}

describe("resolveNpmLockfile", () => {
  it("finds each name in the nearest node_modules up the tree, as Node does", () => {
    expect(
      resolve({
        "": ["a", "b"],
        "node_modules/a": ["b", "c"],
        "node_modules/a/node_modules/b": ["c"],
        "node_modules/b": [],
        "node_modules/c": [],
        "node_modules/x/node_modules/c": [],
      }),
    ).toEqual({
      "": { a: "node_modules/a", b: "node_modules/b" },
      "node_modules/a": { b: "node_modules/a/node_modules/b", c: "node_modules/c" },
      "node_modules/a/node_modules/b": { c: "node_modules/c" },
      "node_modules/b": {},
      "node_modules/c": {},
      "node_modules/x/node_modules/c": {},
    });
  });

  it("does not see a sibling's nested packages, and walks through folders the lockfile does not list", () => {
    const resolved = resolve({
      "node_modules/p/node_modules/q/node_modules/deep": ["hidden", "top", "mid"],
      "node_modules/other/node_modules/hidden": [],
      "node_modules/p/node_modules/mid": [],
      "node_modules/top": [],
    });
    expect(resolved["node_modules/p/node_modules/q/node_modules/deep"]).toEqual({
      top: "node_modules/top",
      mid: "node_modules/p/node_modules/mid",
    });
  });

  it("resolves a workspace's names in its own node_modules, then the root's", () => {
    const resolved = resolve({
      "": [],
      "packages/app": ["react", "zod"],
      "packages/app/node_modules/react": ["zod"],
      "node_modules/react": [],
      "node_modules/zod": [],
      "node_modules/@scope/pkg": ["zod"],
    });
    expect(resolved["packages/app"]).toEqual({
      react: "packages/app/node_modules/react",
      zod: "node_modules/zod",
    });
    expect(resolved["packages/app/node_modules/react"]).toEqual({ zod: "node_modules/zod" });
    expect(resolved["node_modules/@scope/pkg"]).toEqual({ zod: "node_modules/zod" });
  });
});
