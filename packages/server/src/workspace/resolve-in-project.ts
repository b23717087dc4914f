import { realpathSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";

/** Why a path was refused; the message names the problem without echoing file contents. */
export class PathOutsideProjectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PathOutsideProjectError";
  }
}

/**
 * Resolves a path a client or the model gave, relative to the project root, and refuses anything that
 * leaves it: `..`, absolute paths, NUL bytes, and symlinks whose real target is outside. The comparison is
 * on canonical paths and path boundaries, so `/w/proj-evil` is not inside `/w/proj`. The path must exist.
 */
export function resolveExistingInProject(projectRoot: string, requested: string): string {
  if (requested.includes("\0")) throw new PathOutsideProjectError("the path contains a NUL byte");
  if (isAbsolute(requested) || /^[A-Za-z]:[\\/]/.test(requested)) {
    throw new PathOutsideProjectError("absolute paths are not allowed; give a path relative to the project");
  }
  const segments = requested.split(/[\\/]+/);
  if (segments.includes("..")) throw new PathOutsideProjectError("the path must not contain '..'");
  const root = realpathSync(projectRoot);
  const real = realpathSync(resolve(root, requested));
  if (!isInside(root, real)) throw new PathOutsideProjectError("the path resolves outside the project");
  return real;
}

/** True when `candidate` is `root` itself or below it (both canonical). */
export function isInside(root: string, candidate: string): boolean {
  const path = relative(root, candidate);
  return path === "" || (!path.startsWith(`..${sep}`) && path !== ".." && !isAbsolute(path));
}

/** The project-relative form of an absolute path inside the project, with `/` separators. */
export function projectRelative(root: string, absolute: string): string {
  return relative(root, absolute).split(sep).join("/");
}
