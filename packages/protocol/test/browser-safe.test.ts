import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import packageJson from "../package.json" with { type: "json" };

const sourceRoot = join(import.meta.dirname, "..", "src");

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** Every module specifier in static imports, re-exports and dynamic imports. */
function importedSpecifiers(source: string): string[] {
  const pattern =
    /\b(?:import|export)\b[^'"]*?\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)|^\s*import\s+["']([^"']+)["']/gm;
  return [...source.matchAll(pattern)].map((match) => match[1] ?? match[2] ?? match[3] ?? "");
}

describe("@parley/protocol is browser-safe", () => {
  it("depends on zod and nothing else at run time", () => {
    expect(Object.keys(packageJson.dependencies)).toEqual(["zod"]);
  });

  it("imports only zod and its own files from any source module", () => {
    const offenders = sourceFiles(sourceRoot).flatMap((file) =>
      importedSpecifiers(readFileSync(file, "utf8"))
        .filter((specifier) => !specifier.startsWith(".") && specifier !== "zod")
        .map((specifier) => `${relative(sourceRoot, file)} imports ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it("uses no Node globals such as process, Buffer or require", () => {
    const offenders = sourceFiles(sourceRoot).filter((file) =>
      /\b(process\.|Buffer\.|require\(|__dirname)/.test(readFileSync(file, "utf8")),
    );
    expect(offenders.map((file) => relative(sourceRoot, file))).toEqual([]);
  });
});
