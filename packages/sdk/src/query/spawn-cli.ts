import { spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import type { QueryOptions } from "@parley/protocol";

/** The CLI process `query()` talks to: Node's child process, or what the host's `spawnClaudeCodeProcess` returned. */
export interface CliProcess {
  stdin: Writable;
  stdout: Readable;
  /** A child process's stderr; a custom spawner's process may have none. */
  stderr?: Readable | null;
  kill(signal: NodeJS.Signals): boolean;
  /** Called once when the process is gone (after its output for Node's own child process). */
  onEnd(listener: (code: number | null, signal: NodeJS.Signals | null) => void): void;
  onError(listener: (error: Error) => void): void;
}

/** What starts the CLI: the command line, its folder and environment, and a signal that aborts once it should be gone. */
export interface CliLaunch {
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
}

/**
 * Starts the CLI: with the host's `spawnClaudeCodeProcess` when given (a VM, a container, a remote machine;
 * the same command line the default would run), else as a local child process.
 */
export function spawnCli(options: QueryOptions, launch: CliLaunch): CliProcess {
  const custom = options.spawnClaudeCodeProcess;
  if (custom === undefined) {
    const child = spawn(launch.command, launch.args, {
      cwd: launch.cwd,
      env: launch.env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    return {
      stdin: child.stdin,
      stdout: child.stdout,
      stderr: child.stderr,
      kill: (signal) => child.kill(signal),
      // `close` rather than `exit`: the last lines of stdout and stderr have been read by then.
      onEnd: (listener) => child.on("close", listener),
      onError: (listener) => child.on("error", listener),
    };
  }
  const started = custom(launch);
  const process = started as unknown as {
    stdin: Writable;
    stdout: Readable;
    stderr?: Readable | null;
    kill(signal: NodeJS.Signals): boolean;
    on(event: string, listener: (...args: never[]) => void): void;
  };
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr ?? null,
    kill: (signal) => process.kill(signal),
    onEnd: (listener) => process.on("exit", listener),
    onError: (listener) => process.on("error", listener),
  };
}
