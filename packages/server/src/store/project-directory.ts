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

/** What a lock file records: the owner's pid and, where the OS tells, when that process started. */
interface LockOwner {
  pid: number;
  /** Start time in clock ticks since boot (`/proc/<pid>/stat` field 22); tells a reused pid apart. */
  started?: string;
}

/**
 * Takes the data directory's exclusive lock (a `server.lock` file naming the owner's pid and start time):
 * two servers writing one store would interleave their writes. A lock whose owner is gone is taken over,
 * and so is one whose pid is a zombie (killed, not yet reaped: a supervisor restarting at once after
 * `kill -9` sees this) or now belongs to another process (its start time differs). Returns the function
 * that releases it.
 */
export function lockDataDirectory(directory: string): () => void {
  const file = join(directory, "server.lock");
  if (heldLocks.has(file)) throw new DataDirectoryLockedError(process.pid);
  const self: LockOwner = { pid: process.pid };
  const started = processStartTime(process.pid);
  if (started !== undefined) self.started = started;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = openSync(file, "wx", 0o600);
      writeSync(handle, JSON.stringify(self));
      closeSync(handle);
      heldLocks.add(file);
      return () => {
        heldLocks.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readLockOwner(file);
      if (owner !== undefined && owner.pid !== process.pid && ownerIsRunning(owner)) {
        throw new DataDirectoryLockedError(owner.pid);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not take the lock ${file}`);
}

/** The lock's owner; older servers wrote the bare pid. Undefined for an unreadable or garbled file. */
function readLockOwner(file: string): LockOwner | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8").trim();
  } catch {
    return undefined;
  }
  if (/^\d+$/.test(text)) return { pid: Number(text) };
  try {
    const parsed = JSON.parse(text) as { pid?: unknown; started?: unknown };
    if (!Number.isInteger(parsed.pid) || (parsed.pid as number) <= 0) return undefined;
    return {
      pid: parsed.pid as number,
      ...(typeof parsed.started === "string" && { started: parsed.started }),
    };
  } catch {
    return undefined;
  }
}

function ownerIsRunning(owner: LockOwner): boolean {
  if (!Number.isInteger(owner.pid) || owner.pid <= 0) return false;
  const stat = readProcStat(owner.pid);
  if (stat !== undefined) {
    if (stat.state === "Z" || stat.state === "X") return false;
    return owner.started === undefined || owner.started === stat.started;
  }
  // No /proc (macOS, Windows): the signal check is all there is.
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function processStartTime(pid: number): string | undefined {
  return readProcStat(pid)?.started;
}

/** State and start time from `/proc/<pid>/stat`; the command name may hold spaces and parentheses. */
function readProcStat(pid: number): { state: string; started: string } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // After "pid (comm) ", field 3 (state) is at index 0 and field 22 (starttime) at index 19.
  const state = fields[0];
  const started = fields[19];
  if (state === undefined || started === undefined) return undefined;
  return { state, started };
}
