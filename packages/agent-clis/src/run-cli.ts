import { AgentRun } from "./agent-run.ts";
import { type CliExit, type CliProcessOptions, startCliProcess } from "./cli-process.ts";
import type { RunOutputParser } from "./run-output-parser.ts";

/**
 * Runs a CLI and turns its stdout into an AgentRun through the adapter's parser. The run succeeds when the
 * CLI exits 0 and its output reported no error; otherwise `error_message` says why (with `hint` when the CLI
 * ran and failed on its own), then the CLI's stderr.
 */
export function runCli(
  label: string,
  options: CliProcessOptions,
  parser: RunOutputParser,
  hint?: string,
): AgentRun {
  return new AgentRun(async (emit) => {
    const process = startCliProcess(options);
    for await (const line of process.lines) {
      for (const part of parser.parseLine(line)) emit(part);
    }
    const exit = await process.exit;
    const failure = describeFailure(label, options, exit, parser.errorMessage, hint);
    return {
      success: failure === null,
      session_id: parser.sessionId,
      error_message: failure,
      ...(parser.model && { model: parser.model }),
    };
  });
}

/**
 * Why a CLI invocation failed, for the user (null when it did not): the cause first, then `hint` when the CLI
 * itself failed (not when it could not start, timed out or was cancelled), then its stderr.
 */
export function describeFailure(
  label: string,
  options: Pick<CliProcessOptions, "command" | "timeoutMs">,
  exit: CliExit,
  reported: string | null = null,
  hint?: string,
): string | null {
  let cause: string;
  if (exit.end === "spawn_error") {
    const code = exit.spawnError?.code;
    cause =
      code === "ENOENT"
        ? `${label} is not installed: the command "${options.command}" was not found`
        : `${label} could not be started (${options.command}): ${exit.spawnError?.message ?? "unknown error"}`;
  } else if (exit.end === "timeout") {
    cause = `${label} did not finish within ${Math.round(options.timeoutMs / 1000)} s and was stopped`;
  } else if (exit.end === "aborted") {
    cause = `${label} was cancelled`;
  } else if (reported !== null) {
    cause = reported;
  } else if (exit.code !== 0) {
    cause = `${label} exited with ${exit.code === null ? `signal ${exit.signal}` : `code ${exit.code}`}`;
  } else {
    return null;
  }
  if (hint !== undefined && exit.end === "exited") cause = `${cause}\n\n${hint}`;
  const stderr = exit.stderr.trim();
  return stderr && exit.end !== "spawn_error" ? `${cause}\n\n${label} stderr:\n${stderr}` : cause;
}

/** Runs a CLI to completion and returns its whole stdout, for the one-shot commands (export, list). */
export async function captureCli(
  label: string,
  options: CliProcessOptions,
): Promise<{ stdout: string; failure: string | null }> {
  const process = startCliProcess(options);
  const lines: string[] = [];
  for await (const line of process.lines) lines.push(line);
  const exit = await process.exit;
  return { stdout: lines.join("\n"), failure: describeFailure(label, options, exit) };
}
