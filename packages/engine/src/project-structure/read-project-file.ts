import { open } from "node:fs/promises";
import { confinePath } from "../permissions/confine-path.ts";
import { PathConfinementError } from "../permissions/path-confinement-error.ts";
import type { FileReport } from "./file-report.ts";

/** Largest manifest read (package.json, Cargo.toml, pyproject.toml, requirements*.txt, go.mod). */
export const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;
/** Largest lockfile read (package-lock.json, pnpm-lock.yaml, yarn.lock, Cargo.lock, uv.lock, go.sum…). */
export const MAX_LOCKFILE_BYTES = 64 * 1024 * 1024;

/** Why a path that is not an ordinary file inside the project is not read. */
const REFUSALS: Partial<Record<PathConfinementError["rule"], string>> = {
  "dangling-symlink": "it is a symlink whose target does not exist.",
  "symlink-loop": "it goes through a symlink loop.",
  "special-file": "it is a device, FIFO or socket.",
};

/**
 * The text of a project file (project-relative path) for the structure generator, or undefined after
 * reporting why not: its size is checked on the open file before a byte is read, so a file past `maxBytes`
 * costs nothing; a symlink out of the project, a FIFO or device, and a file that cannot be read are named.
 */
export async function readProjectFile(
  root: string,
  path: string,
  maxBytes: number,
  report: FileReport,
): Promise<string | undefined> {
  if (!report.mayRead(path)) return undefined;
  report.working(path);
  try {
    const confined = await confinePath(root, path, { intent: "read" });
    if (confined.kind !== "file") return undefined;
    const handle = await open(confined.absolute, "r");
    try {
      const { size } = await handle.stat();
      if (size > maxBytes) {
        report.problem(path, "too_large", `is ${sizeOf(size)}; files over ${sizeOf(maxBytes)} are not read.`);
        return undefined;
      }
      const text = await handle.readFile("utf8");
      report.read(path, size);
      return text;
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof PathConfinementError) {
      if (error.rule === "symlink-outside")
        report.problem(path, "outside_project", "is a symlink to a place outside the project; not read.");
      else report.problem(path, "unreadable", `is not read: ${REFUSALS[error.rule] ?? error.message}`);
    } else if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
      report.problem(path, "unreadable", `could not be read (${(error as Error).message}).`);
    }
    return undefined;
  }
}

/**
 * A size as `293 KiB` or `65.0 MiB`. (Not the protocol's formatter: the worker loads no value from
 * @parley/protocol, whose schemas would double its start-up when run from sources.)
 */
function sizeOf(bytes: number): string {
  const mebibyte = 1024 * 1024;
  if (bytes < mebibyte) return `${Math.ceil(bytes / 1024)} KiB`;
  return `${(bytes / mebibyte).toFixed(1)} MiB`;
}
