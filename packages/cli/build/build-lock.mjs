// One build at a time: many `parley` processes started at once on a stale bundle (a test run) wait for the
// first one's build instead of each compiling the same sources on shared cores.
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/** A lock this old is from a build that hung or was killed without cleaning up. */
const ABANDONED_AFTER_MS = 5 * 60 * 1000;

/**
 * Runs `build` holding the lock (a folder created atomically in `directory`), unless `ready` reports a result
 * while waiting for another process's build: then that result is returned and nothing is built.
 * @template T
 * @param {string} directory
 * @param {() => T | undefined} ready
 * @param {() => Promise<T>} build
 * @returns {Promise<T>}
 */
export async function withBuildLock(directory, ready, build) {
  mkdirSync(directory, { recursive: true });
  const lock = join(directory, ".build-lock");
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EEXIST") throw error;
    }
    if (isAbandoned(lock)) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    await sleep(100);
    const result = ready();
    if (result !== undefined) return result;
  }
  try {
    writeFileSync(join(lock, "pid"), String(process.pid));
    return ready() ?? (await build());
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** @param {string} lock */
function isAbandoned(lock) {
  try {
    if (Date.now() - statSync(lock).mtimeMs > ABANDONED_AFTER_MS) return true;
    const pid = Number(readFileSync(join(lock, "pid"), "utf8"));
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // No such process: its owner died. No pid file yet, or the lock just went away: look again.
    return /** @type {NodeJS.ErrnoException} */ (error).code === "ESRCH";
  }
}
