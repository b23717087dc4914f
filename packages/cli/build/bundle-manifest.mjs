// Which bundle of `parley` to run, and whether it is still that of the sources. Loaded on every start, so it
// uses node:fs alone: one small JSON read and one stat per source file of Parley's own packages.
import { readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository (workspace) root: every path in the manifest is relative to it. */
export const REPOSITORY_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

/** Where bundles are written (git-ignored): one folder per build, and `manifest.json` naming the current one. */
export const DIST_DIRECTORY = join(REPOSITORY_ROOT, "packages", "cli", "dist");

/** The manifest naming the current build and the files it was built from. */
export const MANIFEST_FILE = join(DIST_DIRECTORY, "manifest.json");

/**
 * The file's identity as the staleness check compares it: modification time and size. A checkout, an edit or
 * `npm install` (which rewrites node_modules/.package-lock.json) changes at least one of them.
 * @param {string} path
 * @returns {[number, number] | undefined}
 */
export function fileStamp(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  return stat === undefined ? undefined : [stat.mtimeMs, stat.size];
}

/**
 * The absolute path of the current bundle's `parley.js` when every input recorded at build time is
 * unchanged (or still absent), otherwise undefined (no build yet, or a source changed since: the caller rebuilds).
 * @returns {string | undefined}
 */
export function freshBundleEntry() {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(MANIFEST_FILE, "utf8"));
  } catch {
    return undefined;
  }
  for (const [path, stamp] of Object.entries(manifest.inputs)) {
    const now = fileStamp(`${REPOSITORY_ROOT}/${path}`) ?? null;
    if (now?.[0] !== stamp?.[0] || now?.[1] !== stamp?.[1]) return undefined;
  }
  return join(DIST_DIRECTORY, manifest.build, "parley.js");
}
