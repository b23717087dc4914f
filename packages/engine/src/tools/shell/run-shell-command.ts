import { spawn } from "node:child_process";
import type { Readable } from "node:stream";
import { withWorkingDirectory } from "../../children/child-environment.ts";
import type { EnvironmentVariables } from "../../config/resolve-model-config.ts";

/** Schedules a callback; returns a function that cancels it (`EngineClock.setTimer` fits). */
export interface TimerSource {
  setTimer(ms: number, callback: () => void): () => void;
}

/** Real timers that do not keep the process alive. */
export const unrefTimers: TimerSource = {
  setTimer(ms, callback) {
    const timer = setTimeout(callback, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** What `runShellCommand` needs. */
export interface ShellCommandOptions {
  command: string;
  cwd: string;
  shell: string;
  /** The whole environment of the command (its `PWD` is set to `cwd` here as well). */
  env: EnvironmentVariables;
  timeoutMs: number;
  /** After SIGTERM, how long the processes get before SIGKILL. */
  killGraceMs: number;
  signal: AbortSignal;
  timers: TimerSource;
  /** Longer lines (or output without newlines) are passed on in pieces of this many characters. */
  maxLineChars: number;
  onLine(line: string, stream: "stdout" | "stderr"): void;
}

/** How a command ended: on its own, by the timeout, or because the turn was cancelled. */
export interface ShellCommandResult {
  ended: "exited" | "timed_out" | "cancelled";
  exitCode: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * Runs `shell -c command` as the leader of a new process group with stdin closed, passing its output on
 * line by line. On timeout or cancel the whole group gets SIGTERM, then SIGKILL after the grace period;
 * when the shell exits on its own, what it left running in its group is killed, so no process outlives
 * the call (a program that starts its own session escapes this; only a sandbox could stop that).
 * Resolves once the shell has exited and every holder of its output pipes has closed them.
 */
export function runShellCommand(options: ShellCommandOptions): Promise<ShellCommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(options.shell, ["-c", options.command], {
      cwd: options.cwd,
      env: withWorkingDirectory(options.env, options.cwd),
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let ended: ShellCommandResult["ended"] = "exited";
    let stopping = false;
    const signalGroup = (signal: NodeJS.Signals) => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, signal);
      } catch {
        // The group is already gone.
      }
    };
    const stop = (why: "timed_out" | "cancelled") => {
      if (stopping) return;
      stopping = true;
      ended = why;
      signalGroup("SIGTERM");
      // Left running after the call returns: a process that ignores SIGTERM still gets SIGKILL.
      options.timers.setTimer(options.killGraceMs, () => signalGroup("SIGKILL"));
    };
    const cancelTimeout = options.timers.setTimer(options.timeoutMs, () => stop("timed_out"));
    const onAbort = () => stop("cancelled");
    const cleanUp = () => {
      cancelTimeout();
      options.signal.removeEventListener("abort", onAbort);
    };
    forwardLines(child.stdout, "stdout", options);
    forwardLines(child.stderr, "stderr", options);
    child.once("exit", () => {
      if (!stopping) signalGroup("SIGKILL");
    });
    child.once("error", (error) => {
      cleanUp();
      reject(error);
    });
    child.once("close", (exitCode, signal) => {
      cleanUp();
      resolve({ ended, exitCode, signal });
    });
    if (options.signal.aborted) onAbort();
    else options.signal.addEventListener("abort", onAbort, { once: true });
  });
}

function forwardLines(
  stream: Readable,
  name: "stdout" | "stderr",
  options: Pick<ShellCommandOptions, "maxLineChars" | "onLine">,
): void {
  let partial = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    partial += chunk;
    let newline = partial.indexOf("\n");
    while (newline >= 0 || partial.length > options.maxLineChars) {
      const end = newline >= 0 && newline <= options.maxLineChars ? newline : options.maxLineChars;
      const line = partial.slice(0, end);
      options.onLine(line.endsWith("\r") ? line.slice(0, -1) : line, name);
      partial = partial.slice(end === newline ? end + 1 : end);
      newline = partial.indexOf("\n");
    }
  });
  stream.on("end", () => {
    if (partial !== "") options.onLine(partial, name);
    partial = "";
  });
}
