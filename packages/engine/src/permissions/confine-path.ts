import { lstat, realpath, stat } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, sep } from "node:path";
import { PathConfinementError } from "./path-confinement-error.ts";

/** Whether the path will be read or written: a write may name a file that does not exist yet. */
export type PathIntent = "read" | "write";

/** A path that passed confinement, in canonical form. */
export interface ConfinedPath {
  /** The canonical root the path is in: the project's, or the added directory's it names. */
  root: string;
  /** Canonical absolute path: symlinks resolved; for a new file, the real parent plus the new names. */
  absolute: string;
  /**
   * `absolute` relative to `root` with `/` separators (`""` for the root itself); in an added directory,
   * `absolute` itself, so project rules such as `Edit(src/**)` do not reach it.
   */
  relative: string;
  /** What is there now; `undefined` when nothing is (a new file). */
  kind: "file" | "directory" | undefined;
}

// Escapes that decode to ".", "/", "\", NUL or "%" (double encoding), and overlong UTF-8 lead bytes.
const ENCODED_TRAVERSAL = /%(?:2e|2f|5c|00|25|c0|c1)/i;
const WINDOWS_ABSOLUTE = /^(?:[a-z]:|[\\/]{2})/i;

/** How a path is confined. */
export interface ConfineOptions {
  intent: PathIntent;
  /**
   * Directories outside the project the file tools may also use (`--add-dir`, the SDK's
   * `additionalDirectories`), named by absolute paths; symlinks may not leave them either.
   */
  additionalRoots?: readonly string[];
}

/**
 * Resolves `requested` (relative to the project root, or absolute inside one of `additionalRoots`) and refuses anything that could leave the project:
 * NUL bytes, percent-encoded traversal, absolute and home paths (POSIX and Windows forms), `..` and inner
 * `.` segments (backslashes count as separators), and symlinks anywhere in the path whose target is
 * outside. The check compares canonical paths on path boundaries (`/w/proj-evil` is not in `/w/proj`).
 * Device files, FIFOs and sockets are refused; writes through dangling symlinks are refused.
 */
export async function confinePath(
  projectRoot: string,
  requested: string,
  options: ConfineOptions,
): Promise<ConfinedPath> {
  const roots = options.additionalRoots ?? [];
  const added = await addedRootOf(requested, roots);
  const segments = lexicalSegments(added === undefined ? requested : added.rest, requested, roots);
  const root = added?.root ?? (await realpath(projectRoot));
  let existing = join(root, ...segments);
  const missing: string[] = [];
  let real: string;
  for (;;) {
    try {
      real = await realpath(existing);
      break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ELOOP") {
        throw new PathConfinementError("symlink-loop", requested, "goes through a symlink loop.");
      }
      if (code !== "ENOENT" && code !== "ENOTDIR") throw error;
      const entry = await lstat(existing).catch(() => undefined);
      if (entry?.isSymbolicLink()) {
        throw new PathConfinementError(
          "dangling-symlink",
          requested,
          "goes through a symlink whose target does not exist; it is not followed.",
        );
      }
      missing.unshift(basename(existing));
      existing = dirname(existing);
    }
  }
  if (!isInside(root, real)) {
    throw new PathConfinementError(
      "symlink-outside",
      requested,
      `resolves through a symlink to a place outside the ${added ? "added directory" : "project"}.`,
    );
  }
  const absolute = join(real, ...missing);
  let kind: ConfinedPath["kind"];
  if (missing.length === 0) {
    const info = await stat(absolute);
    if (!info.isFile() && !info.isDirectory()) {
      throw new PathConfinementError(
        "special-file",
        requested,
        `is a device, FIFO or socket; ${options.intent === "read" ? "reading" : "writing"} it is not allowed.`,
      );
    }
    kind = info.isFile() ? "file" : "directory";
  }
  const shown = added ? absolute : relative(root, absolute);
  return { root, absolute, relative: shown.split(sep).join("/"), kind };
}

/**
 * How tools and rules name a place found below a confined folder (a search's hit): relative to the project
 * root, or by its absolute path when the folder is in an added directory, as `ConfinedPath.relative` does.
 */
export function shownPathBelow(folder: ConfinedPath, absolute: string): string {
  if (isAbsolute(folder.relative)) return absolute;
  return relative(folder.root, absolute).split(sep).join("/");
}

/** True when `candidate` is `root` itself or below it; both must be canonical. */
export function isInside(root: string, candidate: string): boolean {
  const path = relative(root, candidate);
  return path === "" || (path !== ".." && !path.startsWith(`..${sep}`) && !isAbsolute(path));
}

/**
 * The added directory an absolute `requested` path lies in (canonical), and the rest of the path inside it.
 * Compared on path boundaries against both the directory as given and its real path.
 */
async function addedRootOf(
  requested: string,
  roots: readonly string[],
): Promise<{ root: string; rest: string } | undefined> {
  if (!isAbsolute(requested) || roots.length === 0) return undefined;
  for (const given of roots) {
    const root = await realpath(given).catch(() => undefined);
    if (root === undefined) continue;
    for (const spelling of new Set([given.replace(/[\\/]+$/, ""), root])) {
      // Lexically, so a `..` after the directory is refused below rather than normalised away.
      if (requested === spelling) return { root, rest: "." };
      if (requested.startsWith(`${spelling}/`) || requested.startsWith(`${spelling}${sep}`))
        return { root, rest: requested.slice(spelling.length + 1) || "." };
    }
  }
  return undefined;
}

/** The names `requested` walks through, after refusing every form that could leave the root lexically. */
function lexicalSegments(requested: string, shown: string, additionalRoots: readonly string[]): string[] {
  if (requested.includes("\0")) {
    throw new PathConfinementError("nul-byte", shown, "contains a NUL byte.");
  }
  if (ENCODED_TRAVERSAL.test(requested)) {
    throw new PathConfinementError(
      "encoded-traversal",
      shown,
      "contains a percent-escape for '.', a separator, NUL or '%'; paths are taken literally, give the decoded name.",
    );
  }
  if (isAbsolute(requested) || WINDOWS_ABSOLUTE.test(requested) || requested.startsWith("\\")) {
    const also =
      additionalRoots.length === 0
        ? ""
        : ` or give an absolute path inside a directory added to the session (${additionalRoots.join(", ")})`;
    throw new PathConfinementError(
      "absolute-path",
      shown,
      `is absolute; file tools only work inside the project, so give a path relative to the project root${also}.`,
    );
  }
  if (requested === "~" || requested.startsWith("~")) {
    throw new PathConfinementError(
      "home-path",
      shown,
      "starts with '~' (the home directory); file tools only work inside the project.",
    );
  }
  const parts = requested.split(/[\\/]/);
  while (parts.length > 1 && parts[0] === ".") parts.shift();
  if (parts.length === 1 && parts[0] === ".") return [];
  const segments: string[] = [];
  for (const part of parts) {
    if (part === "..") {
      throw new PathConfinementError(
        "parent-segment",
        shown,
        "contains '..'; file tools only work inside the project, so give a path relative to the project root.",
      );
    }
    if (part === ".") {
      throw new PathConfinementError("dot-segment", shown, "contains a '.' segment; remove it.");
    }
    if (part !== "") segments.push(part);
  }
  return segments;
}
