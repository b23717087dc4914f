import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Metafile } from "esbuild";
import { describe, expect, it } from "vitest";
import { ensureBundle } from "../build/build-bundle.mjs";

const bin = fileURLToPath(new URL("../bin/parley.js", import.meta.url));

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

/** The bundle's inputs in `parley.js` and a command's chunk, with every chunk they import statically. */
function startInputs(metafile: Metafile, command: string): string[] {
  const outputs = Object.entries(metafile.outputs);
  const start = outputs
    .filter(([, output]) => ["packages/cli/src/main.ts", command].includes(output.entryPoint ?? ""))
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
    const inputs = startInputs(metafile, "packages/cli/src/commands/serve/serve-command.ts");
    expect(inputs).toContain("packages/server/src/server.ts");
    const found = LOADED_LATER.flatMap(([name, pattern]) =>
      inputs.filter((input) => pattern.test(input)).map((input) => `${name}: ${input}`),
    );
    expect(found).toEqual([]);
  });
});

/**
 * `parley run` loads the engine, but not the sdk (its HTTP client, its schemas and what they import: about
 * 110 modules and 200 KB, 60 ms before the first output): one `@parley/sdk` import on its path brings it all.
 */
describe("the code parley run loads before its first output", () => {
  it("holds nothing of the sdk", { timeout: 120_000 }, async () => {
    const metafile = JSON.parse(
      readFileSync(join(dirname(await ensureBundle()), "metafile.json"), "utf8"),
    ) as Metafile;
    const inputs = startInputs(metafile, "packages/cli/src/commands/run/run-command.ts");
    expect(inputs).toContain("packages/cli/src/commands/run/run-agent.ts");
    expect(inputs.filter((input) => input.startsWith("packages/sdk/"))).toEqual([]);
  });
});

/**
 * Node's fetch implementation (undici) is not in the bundle: Node loads it the first time anything reads the
 * `Request`, `Response` or `Headers` globals or calls `fetch`, ~30 ms of CPU. The server's HTTP layer
 * answers without them (packages/server/src/http/fetch/), so `parley serve` must not load it before its
 * health check answers; a library that touches one of those globals at import would bring it back.
 */
describe("the Node built-ins parley serve loads before it is healthy", () => {
  it("do not include undici", { timeout: 120_000 }, async () => {
    await ensureBundle();
    const scratch = mkdtempSync(join(tmpdir(), "parley-serve-start-"));
    const project = join(scratch, "project");
    mkdirSync(project);
    // Asked after the first healthy answer, the server says which of Node's own modules it has loaded.
    const probe = join(scratch, "probe.cjs");
    writeFileSync(
      probe,
      'process.on("SIGUSR2", () => process.stderr.write(`loaded: ${JSON.stringify(process.moduleLoadList)}\\n`));\n',
    );
    const server = spawn(
      process.execPath,
      ["--require", probe, bin, "serve", "--project", project, "--port", "0"],
      {
        env: { PATH: process.env.PATH, HOME: scratch, PARLEY_HOME: join(scratch, "home") },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    try {
      let output = "";
      let errors = "";
      server.stderr.on("data", (chunk: Buffer) => {
        errors += chunk.toString();
      });
      const api = await new Promise<string>((resolve, reject) => {
        server.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString();
          const match = /API:\s+(http:\/\/\S+\/api)/.exec(output);
          if (match?.[1]) resolve(match[1]);
        });
        server.once("exit", () => reject(new Error(`parley serve exited: ${errors}`)));
      });
      expect((await fetch(`${api}/health`)).status).toBe(200);
      server.kill("SIGUSR2");
      const loaded = await new Promise<string[]>((resolve) => {
        const read = () => {
          const match = /loaded: (\[.*\])\n/.exec(errors);
          if (match?.[1]) resolve(JSON.parse(match[1]) as string[]);
          else server.stderr.once("data", read);
        };
        read();
      });
      expect(loaded).toContain("NativeModule http");
      expect(loaded.filter((name) => name.includes("undici"))).toEqual([]);
    } finally {
      server.kill("SIGTERM");
      if (server.exitCode === null && server.signalCode === null) await once(server, "exit");
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
