import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Metafile } from "esbuild";
import { describe, expect, it } from "vitest";
import { ensureBundle } from "../build/build-bundle.mjs";

/**
 * What `parley serve` must not load before it answers its health check: each is a chunk of its own, loaded
 * with the agents or on first use (see docs/decisions/2026-11-27-serve-start-does-less.md). One index
 * import on the start path brings any of them back, and only the start bench would notice.
 */
const LOADED_LATER = [
  ["the engine", /^packages\/engine\/src\/(index\.ts|loop\/)/],
  ["the agent services", /^packages\/server\/src\/agent-services\.ts$/],
  ["the agent CLIs' adapters", /^packages\/agent-clis\/src\//],
  ["the MCP SDK", /node_modules\/@modelcontextprotocol\/sdk\//],
  ["a model provider", /node_modules\/@ai-sdk\//],
  [
    "a lockfile or manifest parser",
    /^packages\/engine\/src\/project-structure\/|node_modules\/(yaml|smol-toml)\//,
  ],
  ["zod", /node_modules\/zod\//],
] as const;

/** The bundle's inputs in `parley.js` and the `serve` command's chunk, with every chunk they import statically. */
function serveStartInputs(metafile: Metafile): string[] {
  const outputs = Object.entries(metafile.outputs);
  const start = outputs
    .filter(([, output]) =>
      ["packages/cli/src/main.ts", "packages/cli/src/commands/serve/serve-command.ts"].includes(
        output.entryPoint ?? "",
      ),
    )
    .map(([path]) => path);
  expect(start).toHaveLength(2);
  const loaded = new Set<string>();
  while (start.length > 0) {
    const path = start.pop() as string;
    if (loaded.has(path)) continue;
    loaded.add(path);
    for (const imported of metafile.outputs[path]?.imports ?? []) {
      if (imported.kind === "import-statement" && !imported.external) start.push(imported.path);
    }
  }
  return [...loaded].flatMap((path) => Object.keys(metafile.outputs[path]?.inputs ?? {}));
}

describe("the code parley serve loads before it is healthy", () => {
  it("holds no engine, agent CLI adapter, MCP SDK, model provider, lockfile parser or zod", {
    timeout: 120_000,
  }, async () => {
    const metafile = JSON.parse(
      readFileSync(join(dirname(await ensureBundle()), "metafile.json"), "utf8"),
    ) as Metafile;
    const inputs = serveStartInputs(metafile);
    expect(inputs).toContain("packages/server/src/server.ts");
    const found = LOADED_LATER.flatMap(([name, pattern]) =>
      inputs.filter((input) => pattern.test(input)).map((input) => `${name}: ${input}`),
    );
    expect(found).toEqual([]);
  });
});
