import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import type { Writable } from "node:stream";

/** How to start one agent CLI process. */
export interface CliProcessOptions {
  command: string;
  args: readonly string[];
  /** The project folder: the CLI's cwd, and its `PWD` whatever `env` says (OpenCode takes `PWD` for where it is). */
  cwd: string;
  /** The whole environment of the child, as the caller decided it (Parley's server: the person's minus its secrets). */
  env: NodeJS.ProcessEnv;
  /** Written to the child's stdin, which is then closed; without it stdin is closed at once. */
  stdin?: string;
  /** Leaves stdin open for a conversation (ACP): the caller writes to `input` and ends it. */
  conversation?: boolean;
  /** Aborting kills the CLI's whole process group. */
  signal?: AbortSignal;
  /**
   * Wall-clock limit; a CLI still running after it is killed (several CLIs retry a dead endpoint forever). 0 sets
   * none: a long-lived ACP agent is limited per turn by its caller.
   */
  timeoutMs: number;
  /** How much of stderr to keep (its last characters), to show when the run fails. Default 16 KiB. */
  stderrLimit?: number;
}

/** Why a CLI process ended. */
export type CliEnd = "exited" | "timeout" | "aborted" | "spawn_error";

/** How a CLI process ended, with the tail of its stderr. */
export interface CliExit {
  end: CliEnd;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The last `stderrLimit` characters the CLI wrote to stderr. */
  stderr: string;
  /** The spawn failure (`ENOENT`, `EACCES`, …) when the command could not start. */
  spawnError?: NodeJS.ErrnoException;
}

/** Time between SIGTERM and SIGKILL when a CLI is stopped. */
const KILL_GRACE_MS = 2000;

/**
 * Starts a CLI in its own process group and reads its stdout line by line. `lines()` ends when stdout closes;
 * `exit` resolves once the process is gone (never rejects). Cancellation and the timeout kill the whole group,
 * so the tools a CLI started die with it.
 */
export function startCliProcess(options: CliProcessOptions): {
  lines: AsyncIterable<string>;
  exit: Promise<CliExit>;
  input: Writable;
  /** Kills the CLI's process group now (as a cancel would). */
  stop(): void;
} {
  const limit = options.stderrLimit ?? 16 * 1024;
  let stderr = "";
  let end: CliEnd = "exited";
  let spawnError: NodeJS.ErrnoException | undefined;
  const child = spawn(options.command, [...options.args], {
    cwd: options.cwd,
    env: { ...options.env, PWD: options.cwd },
    detached: true,
    stdio: ["pipe", "pipe", "pipe"],
  });

  let killTimer: NodeJS.Timeout | undefined;
  const stop = (reason: CliEnd): void => {
    if (end !== "exited" || child.exitCode !== null || child.signalCode !== null) return;
    end = reason;
    killGroup(child.pid, "SIGTERM");
    killTimer = setTimeout(() => killGroup(child.pid, "SIGKILL"), KILL_GRACE_MS);
    killTimer.unref();
  };
  const timeout = options.timeoutMs > 0 ? setTimeout(() => stop("timeout"), options.timeoutMs) : undefined;
  const onAbort = (): void => stop("aborted");
  if (options.signal?.aborted) queueMicrotask(onAbort);
  else options.signal?.addEventListener("abort", onAbort, { once: true });

  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-limit);
  });
  child.stdin.on("error", () => {
    // A CLI that exits without reading its input closes the pipe; that is its business.
  });
  if (!options.conversation) child.stdin.end(options.stdin ?? "");

  const exit = new Promise<CliExit>((resolve) => {
    const finish = (code: number | null, signal: NodeJS.Signals | null): void => {
      clearTimeout(timeout);
      if (killTimer) clearTimeout(killTimer);
      options.signal?.removeEventListener("abort", onAbort);
      resolve({ end, code, signal, stderr, ...(spawnError && { spawnError }) });
    };
    child.once("error", (error: NodeJS.ErrnoException) => {
      if (child.pid !== undefined) return;
      spawnError = error;
      end = "spawn_error";
      finish(null, null);
    });
    child.once("close", finish);
  });

  const lines = createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY });
  return { lines, exit, input: child.stdin, stop: () => stop("aborted") };
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}
