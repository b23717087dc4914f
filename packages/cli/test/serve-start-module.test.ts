import { readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Metafile } from "esbuild";
import { describe, expect, it } from "vitest";
import { ensureBundle } from "../build/build-bundle.mjs";
import { serveStartGroups } from "../build/serve-start-module.mjs";

type Output = Metafile["outputs"][string];

/** A metafile's outputs from `name: [static imports, dynamic imports, entry point?]`. */
function metafileOf(graph: Record<string, [string[], string[], string?]>): Metafile {
  const outputs: Record<string, Output> = {};
  for (const [name, [statics, dynamics, entryPoint]] of Object.entries(graph)) {
    outputs[name] = {
      bytes: 1000,
      inputs: {},
      exports: [],
      imports: [
        ...statics.map((path) => ({ path, kind: "import-statement" as const })),
        ...dynamics.map((path) => ({ path, kind: "dynamic-import" as const })),
      ],
      ...(entryPoint !== undefined && { entryPoint }),
    };
  }
  return { inputs: {}, outputs };
}

const MAIN = "packages/cli/src/main.ts";
const SERVE = "packages/cli/src/commands/serve/serve-command.ts";
const RUN = "packages/cli/src/commands/run/run-command.ts";

describe("the chunks joined into the serve command's start", () => {
  it("are those of its start that no other graph loads without the rest", () => {
    const groups = serveStartGroups(
      metafileOf({
        "parley.js": [["cli-io.js"], ["serve.js", "run.js"], MAIN],
        "cli-io.js": [[], []],
        "serve.js": [["server.js", "routes.js", "protocol.js"], [], SERVE],
        "run.js": [["protocol.js", "settings.js"], [], RUN],
        "server.js": [["protocol.js"], ["agents.js"]],
        "routes.js": [[], []],
        "protocol.js": [["settings.js"], []],
        "settings.js": [[], []],
        // Loaded only by the server, so always after the whole start: holding part of it costs nothing.
        "agents.js": [["server.js"], []],
        // Its own process: it holds what `run` shares with `serve`, so that stays apart.
        "worker.js": [
          ["settings.js"],
          [],
          "packages/engine/src/project-structure/project-structure-worker.ts",
        ],
      }),
    );
    expect(groups.map((group) => [group[0], ...group.slice(1).sort()])).toEqual([
      ["serve.js", "routes.js", "server.js"],
    ]);
  });

  it("leave out a chunk that another command can load alone, with a module it imports", () => {
    const groups = serveStartGroups(
      metafileOf({
        "parley.js": [[], ["serve.js", "run.js"], MAIN],
        "serve.js": [["server.js", "routes.js"], [], SERVE],
        "run.js": [[], ["session-routes.js"]],
        "server.js": [[], []],
        // `run` can import() this, and with it `routes.js` alone: joined, it would load the server too.
        "session-routes.js": [["routes.js"], []],
        "routes.js": [[], []],
      }),
    );
    expect(groups).toEqual([["serve.js", "server.js"]]);
  });
});

/** The modules Node loads, statically, from `entry` in the build folder, and their bytes. */
function loadedFrom(folder: string, entries: string[]): { modules: number; bytes: number } {
  const seen = new Set<string>();
  const pending = [...entries];
  let bytes = 0;
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (seen.has(name)) continue;
    seen.add(name);
    const text = readFileSync(join(folder, name), "utf8");
    bytes += text.length;
    for (const match of text.matchAll(
      /^(?:import|export)\s[^;]*?from\s*"\.\/([^"]+)"|^import\s*"\.\/([^"]+)"/gm,
    ))
      pending.push((match[1] ?? match[2]) as string);
  }
  return { modules: seen.size, bytes };
}

describe("the build parley runs", () => {
  it("loads fewer modules for the serve command than esbuild wrote chunks for it, and no more code for any other command", {
    timeout: 120_000,
  }, async () => {
    const folder = dirname(await ensureBundle());
    const metafile = JSON.parse(readFileSync(join(folder, "metafile.json"), "utf8")) as Metafile;
    const outputs = Object.entries(metafile.outputs);
    const chunkOf = (entryPoint: string) =>
      basename(outputs.find(([, output]) => output.entryPoint === entryPoint)?.[0] ?? "");
    const chunksOf = (entry: string) => {
      const seen = new Set<string>();
      const pending = outputs.filter(([path]) => basename(path) === entry).map(([path]) => path);
      while (pending.length > 0) {
        const path = pending.pop() as string;
        if (seen.has(path)) continue;
        seen.add(path);
        for (const imported of metafile.outputs[path]?.imports ?? [])
          if (imported.kind === "import-statement" && !imported.external) pending.push(imported.path);
      }
      return seen;
    };
    const serve = chunkOf(SERVE);
    const written = new Set([...chunksOf("parley.js"), ...chunksOf(serve)]);
    expect(loadedFrom(folder, ["parley.js", serve]).modules).toBeLessThan(written.size);

    const serveChunkBytes =
      metafile.outputs[outputs.find(([path]) => basename(path) === serve)?.[0] ?? ""]?.bytes ?? 0;
    for (const [, output] of outputs) {
      if (!output.entryPoint?.startsWith("packages/cli/src/commands/") || output.entryPoint === SERVE)
        continue;
      const command = chunkOf(output.entryPoint);
      const before = [...chunksOf(command)].reduce(
        (sum, path) => sum + (metafile.outputs[path]?.bytes ?? 0),
        0,
      );
      // The serve command's own chunk is the one thing a command that loads the rest of its start loads more,
      // with the joined chunks' glue: the one-line modules left in their place re-export every name they held,
      // a few KB that grows with the start's names, not its code (4.4 KB for `workflow` on 2026-11-28). A
      // command that loaded the server's start would be hundreds of KB over.
      expect(loadedFrom(folder, [command]).bytes, output.entryPoint).toBeLessThanOrEqual(
        before + serveChunkBytes + 8192,
      );
    }
  });
});
