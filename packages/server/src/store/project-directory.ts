import { createHash } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { basename, join } from "node:path";
import { writeFileAtomic } from "./write-file-atomic.ts";

/**
 * Where a project's data lives: `PARLEY_HOME/projects/<name>-<hash>/`, holding `parley.db` (the SQLite store),
 * `token` (mode 0600) and `project.json` (which folder it is for). One directory per project lets two
 * servers serve two projects from one home.
 */
export function projectDirectory(home: string, projectRoot: string): string {
  const hash = createHash("sha256").update(projectRoot).digest("hex").slice(0, 12);
  const name =
    basename(projectRoot)
      .replace(/[^A-Za-z0-9_.-]+/g, "_")
      .slice(0, 40) || "root";
  const directory = join(home, "projects", `${name}-${hash}`);
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const marker = join(directory, "project.json");
  if (!existsSync(marker))
    writeFileAtomic(marker, `${JSON.stringify({ project_root: projectRoot }, null, 2)}\n`, 0o600);
  return directory;
}

/** Thrown when another Parley server already serves the project's data directory. */
export class DataDirectoryLockedError extends Error {
  constructor(readonly pid: number) {
    super(`another Parley server (pid ${pid}) is already serving this project; stop it first`);
    this.name = "DataDirectoryLockedError";
  }
}

/** Lock files this process holds: its own pid in a lock file does not make the lock stale. */
const heldLocks = new Set<string>();

/**
 * Takes the data directory's exclusive lock (a `server.lock` file holding the owner's pid): two servers
 * writing one store would interleave their writes. A lock left by a process that no longer exists is
 * taken over. Returns the function that releases it.
 */
export function lockDataDirectory(directory: string): () => void {
  const file = join(directory, "server.lock");
  if (heldLocks.has(file)) throw new DataDirectoryLockedError(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = openSync(file, "wx", 0o600);
      writeSync(handle, String(process.pid));
      closeSync(handle);
      heldLocks.add(file);
      return () => {
        heldLocks.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(file, "utf8").trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DataDirectoryLockedError(owner);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not take the lock ${file}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
