// Bundles `parley` ahead of time with esbuild, so no start compiles TypeScript. Run at install (`prepare`) and
// by bin/parley.js when a source is newer than the bundle. Each build lands in a folder of its own, which is
// renamed into place whole and then named by the manifest, so a `parley` starting meanwhile (tests start many
// at once) runs either the old build or the new one, never half of one.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { withBuildLock } from "./build-lock.mjs";
import {
  DIST_DIRECTORY,
  fileStamp,
  freshBundleEntry,
  MANIFEST_FILE,
  REPOSITORY_ROOT,
} from "./bundle-manifest.mjs";
import { joinServeStart } from "./serve-start-module.mjs";

/** @param {string} path */
const source = (path) => join(REPOSITORY_ROOT, "packages", path);

/**
 * Entry points, each its own file in the build folder. The project-structure and workflow-file workers are
 * forked as modules of their own and must sit next to the chunk that names them (see their `…-worker-url.ts`).
 */
const ENTRY_POINTS = {
  parley: source("cli/src/main.ts"),
  "project-structure-worker": source("engine/src/project-structure/project-structure-worker.ts"),
  "workflow-file-worker": source("server/src/workflows/workflow-file-worker.ts"),
  // Loaded by name on first use (see ZOD_ON_DEMAND).
  zod: fileURLToPath(import.meta.resolve("zod")),
};

/**
 * Left to Node at run time: native addons (loaded by path from their own package), and Ink's optional React
 * DevTools bridge, which is not installed.
 */
const EXTERNAL = ["better-sqlite3", "@lydell/node-pty", "react-devtools-core"];

/** Files whose change means a rebuild besides the bundled sources: npm rewrites its hidden lockfile on every install. */
const EXTRA_INPUTS = [
  "node_modules/.package-lock.json",
  relative(REPOSITORY_ROOT, fileURLToPath(import.meta.url)),
  relative(REPOSITORY_ROOT, fileURLToPath(new URL("./bundle-manifest.mjs", import.meta.url))),
  relative(REPOSITORY_ROOT, fileURLToPath(new URL("./serve-start-module.mjs", import.meta.url))),
];

/**
 * zod's `z.locales` namespace holds the error messages of every language (357 KB), compiled by every start;
 * Parley speaks English (zod's default, which its schemas module imports directly), so the namespace keeps
 * only `en`.
 * @type {import("esbuild").Plugin}
 */
const ZOD_ENGLISH_ONLY = {
  name: "zod-english-only",
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${sep}node_modules${sep}zod${sep}`)
        ? { path: join(args.resolveDir, "../locales/english-only.js"), namespace: "zod-english-only" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "zod-english-only" }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      resolveDir: dirname(args.path),
    }));
  },
};

/**
 * Parley's own modules get `z` from a stand-in that loads zod (its `zod.js` entry, 390 KB) the first time a
 * property of `z` is read, synchronously (`require` of an ES module: Node 20.19+ on 20.x, 22.12+; package.json's engines): a start that
 * builds no schema, `parley serve` up to its health check, compiles none of it. Other packages import zod as
 * usual, from the chunks `zod.js` also loads, so there is one zod. Sources run by tsx or Vitest import zod
 * itself; the stand-in behaves the same, one step later.
 * @type {import("esbuild").Plugin}
 */
const ZOD_ON_DEMAND = {
  name: "zod-on-demand",
  setup(build) {
    const ownSources = `${REPOSITORY_ROOT}${sep}packages${sep}`;
    build.onResolve({ filter: /^zod$/ }, (args) =>
      args.importer.startsWith(ownSources) && !args.importer.includes(`${sep}node_modules${sep}`)
        ? { path: "zod", namespace: "zod-on-demand" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "zod-on-demand" }, () => ({
      contents: `
        import { createRequire } from "node:module";
        const load = createRequire(import.meta.url);
        const file = "./zod.js";
        let zod;
        const loaded = () => (zod ??= load(file).z);
        export const z = new Proxy({}, {
          get: (_target, key) => Reflect.get(loaded(), key),
          has: (_target, key) => key in loaded(),
        });`,
      loader: "js",
    }));
  },
};

/** Bundled CommonJS packages call require(); an ES module bundle has none of its own. */
const REQUIRE_SHIM =
  'import { createRequire as __parleyCreateRequire } from "node:module"; const require = __parleyCreateRequire(import.meta.url);';

/**
 * Returns the path of a current bundle's `parley.js`, building one when the sources changed since the last
 * build (or there is none). Concurrent callers build once: the others wait for it.
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {Promise<string>}
 */
export async function ensureBundle(options = {}) {
  const fresh = freshBundleEntry();
  if (fresh !== undefined) return fresh;
  return withBuildLock(DIST_DIRECTORY, freshBundleEntry, async () => {
    options.log?.("Building parley…");
    return buildBundle();
  });
}

/**
 * Builds the bundle into a new folder of dist/, names it in the manifest and returns its `parley.js`.
 * @returns {Promise<string>}
 */
export async function buildBundle() {
  mkdirSync(DIST_DIRECTORY, { recursive: true });
  const name = `build-${Date.now().toString(36)}-${process.pid}`;
  const staging = join(DIST_DIRECTORY, `.${name}`);
  const result = await build({
    absWorkingDir: REPOSITORY_ROOT,
    entryPoints: ENTRY_POINTS,
    outdir: staging,
    bundle: true,
    // Modules imported with import() (a command, a provider, the terminal UI) become chunks loaded on first use.
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20.19",
    external: EXTERNAL,
    jsx: "automatic",
    tsconfig: source("cli/tsconfig.runtime.json"),
    banner: { js: REQUIRE_SHIM },
    plugins: [ZOD_ENGLISH_ONLY, ZOD_ON_DEMAND],
    chunkNames: "chunk-[hash]",
    sourcemap: "linked",
    metafile: true,
    logLevel: "warning",
  });
  /** @type {Record<string, [number, number] | null>} */
  const inputs = {};
  for (const path of [...Object.keys(result.metafile.inputs), ...EXTRA_INPUTS]) {
    if (path.includes("node_modules/") && !EXTRA_INPUTS.includes(path)) continue;
    inputs[path] = fileStamp(join(REPOSITORY_ROOT, path)) ?? null;
  }
  await joinServeStart(staging, REPOSITORY_ROOT, result.metafile, {
    format: "esm",
    platform: "node",
    target: "node20.19",
    sourcemap: "linked",
    logLevel: "warning",
  });
  asciiOnly(staging);
  // What each file holds and imports, for seeing what a start loads (see the start bench): esbuild's chunks as
  // written, before the serve start's were joined (the sources each command loads are the same either way).
  writeFileSync(join(staging, "metafile.json"), JSON.stringify(result.metafile));
  renameSync(staging, join(DIST_DIRECTORY, name));
  const manifestStaging = `${MANIFEST_FILE}.${process.pid}`;
  writeFileSync(manifestStaging, `${JSON.stringify({ build: name, inputs })}\n`);
  renameSync(manifestStaging, MANIFEST_FILE);
  removeOldBuilds(name);
  return join(DIST_DIRECTORY, name, "parley.js");
}

/**
 * esbuild escapes non-ASCII characters in strings, templates, regular expressions and names, but keeps
 * comments as written, and one "—" in a comment makes Node decode the whole chunk as UTF-8 and V8 hold it as
 * two bytes per character. Escaped (`\u2014`), every chunk is ASCII: decoded and scanned faster, held in
 * half the memory. A `\u` escape means the same character anywhere it could appear.
 * @param {string} folder
 */
function asciiOnly(folder) {
  for (const name of readdirSync(folder).filter((entry) => entry.endsWith(".js"))) {
    const path = join(folder, name);
    const text = readFileSync(path, "utf8");
    const escaped = text.replace(
      /[\u0080-\uffff]/g,
      (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
    if (escaped !== text) writeFileSync(path, escaped);
  }
}

/**
 * A `parley` still running an older build loads its lazy chunks from that build's folder, so folders go only
 * once they are a day old, keeping the current one and the two before it whatever their age.
 * @param {string} current
 */
function removeOldBuilds(current) {
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  const builds = readdirSync(DIST_DIRECTORY)
    .filter((entry) => entry.startsWith("build-") && entry !== current)
    .map((entry) => ({ entry, modified: statSync(join(DIST_DIRECTORY, entry)).mtimeMs }))
    .sort((a, b) => b.modified - a.modified);
  for (const { entry, modified } of builds.slice(2)) {
    if (modified < dayAgo) rmSync(join(DIST_DIRECTORY, entry), { recursive: true, force: true });
  }
  // A build that died half-way leaves its staging folder behind.
  const hourAgo = Date.now() - 60 * 60 * 1000;
  for (const entry of readdirSync(DIST_DIRECTORY).filter((name) => name.startsWith(".build-"))) {
    const path = join(DIST_DIRECTORY, entry);
    if (statSync(path).mtimeMs < hourAgo) rmSync(path, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const entry = await ensureBundle();
  console.log(
    `parley bundle: ${relative(REPOSITORY_ROOT, entry)} (${Math.round(performance.now() - started)} ms)`,
  );
}
