import { mkdirSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const repository = join(here, "../../..");
/** Inside the repository, so what the server resolves at run time (better-sqlite3, pg) is found as `parley` finds it. */
const output = join(here, "dist", String(process.pid));
const built = new Map<string, string>();

/**
 * A bench child's script compiled ahead of time with esbuild, as `parley` is (packages/cli/build/build-bundle.mjs,
 * without its start-up plugins: zod, with every locale, loads with the server here, where `parley` loads English
 * only, on the first schema used): measured processes run JavaScript, not TypeScript through tsx, whose loader
 * hooks, source maps and name-keeping wrappers cost Parley's side (much more code) more than the raw side. One bundle per script
 * and bench run; dynamic imports stay chunks of their own, so the raw server never loads Parley's code.
 */
export function bundledScript(script: string): string {
  const existing = built.get(script);
  if (existing) return existing;
  if (built.size === 0) process.once("exit", () => rmSync(output, { recursive: true, force: true }));
  const name = basename(script, ".ts");
  const folder = join(output, name);
  mkdirSync(folder, { recursive: true });
  buildSync({
    absWorkingDir: repository,
    entryPoints: {
      [name]: join(here, script),
      // The server forks this module by a URL next to its own chunk (project-structure-worker-url.ts).
      "project-structure-worker": join(
        repository,
        "packages/engine/src/project-structure/project-structure-worker.ts",
      ),
    },
    outdir: folder,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20.19",
    external: ["better-sqlite3"],
    jsx: "automatic",
    banner: {
      js: 'import { createRequire as __benchCreateRequire } from "node:module"; const require = __benchCreateRequire(import.meta.url);',
    },
    logLevel: "warning",
  });
  const entry = join(folder, `${name}.js`);
  built.set(script, entry);
  return entry;
}
