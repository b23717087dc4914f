import { realpath } from "node:fs/promises";
import { lazySchema } from "@parley/protocol";
import { z } from "zod";
import { childEnvironment } from "../../children/child-environment.ts";
import type { EnvironmentVariables } from "../../config/resolve-model-config.ts";
import { defineTool, type EngineTool } from "../engine-tool.ts";
import { OutputCapture } from "../shell/output-capture.ts";
import { runShellCommand, type TimerSource, unrefTimers } from "../shell/run-shell-command.ts";

/** How `Bash` runs commands; every field has a default. */
export interface BashToolOptions {
  /** Timers for the timeout and the kill grace period (default: real timers that do not hold the process). */
  timers?: TimerSource;
  /** Timeout when the model gives none (default 120 000 ms). */
  defaultTimeoutMs?: number;
  /** The longest timeout the model may ask for (default 600 000 ms). */
  maxTimeoutMs?: number;
  /** Output kept for the model, in characters: the start and the end (default 30 000). */
  maxOutputChars?: number;
  /** Progress lines sent while the command runs before they are cut off (default 5 000). */
  maxProgressLines?: number;
  /** After SIGTERM, how long the processes get before SIGKILL (default 2 000 ms). */
  killGraceMs?: number;
  /** The shell (default `/bin/sh`). */
  shell?: string;
  /**
   * The environment each command starts from, asked for at every call (default: this process's minus Parley's
   * secrets, see `childEnvironment`). `PWD` is always the folder the command runs in.
   */
  environment?: () => EnvironmentVariables | Promise<EnvironmentVariables>;
}

const MAX_LINE_CHARS = 4000;

/** `Bash` with its defaults (real timers, `/bin/sh`, this process's environment minus Parley's secrets). */
export function createBashTool(options: BashToolOptions = {}): EngineTool {
  const defaultTimeoutMs = options.defaultTimeoutMs ?? 120_000;
  const maxTimeoutMs = options.maxTimeoutMs ?? 600_000;
  const maxOutputChars = options.maxOutputChars ?? 30_000;
  const maxProgressLines = options.maxProgressLines ?? 5000;
  // Built on the first call: a start defines this tool but may never offer it.
  const inputSchema = lazySchema(() =>
    z.object({
      command: z.string().min(1).describe("The command line, run by /bin/sh -c in the project folder"),
      timeout: z
        .number()
        .int()
        .min(1)
        .max(maxTimeoutMs)
        .optional()
        .describe(`Timeout in milliseconds (default ${defaultTimeoutMs}, at most ${maxTimeoutMs})`),
      description: z.string().optional().describe("What the command does, in 5-10 words, for the user"),
    }),
  );
  return defineTool({
    name: "Bash",
    description: `Runs a shell command with /bin/sh -c in the project folder and returns its output (stdout and stderr, in order).
- The command times out after ${defaultTimeoutMs} ms unless timeout says otherwise (at most ${maxTimeoutMs} ms); on timeout or cancel the command and everything it started are stopped.
- Background processes the command leaves running are stopped when it finishes; stdin is closed.
- Output beyond ${maxOutputChars} characters is shortened in the middle.
- Prefer Read, LS, Glob, Grep, Edit and Write for files. Chained commands (';', '&&', '|', '$(…)') always need the user's approval.`,
    inputSchema,
    requiresApproval: true,
    access: (input) => ({ kind: "execute", command: input.command }),
    execute: async (input, context) => {
      const timeoutMs = input.timeout ?? defaultTimeoutMs;
      const capture = new OutputCapture(maxOutputChars);
      let progressLines = 0;
      const env = options.environment ? await options.environment() : childEnvironment(process.env).env;
      const result = await runShellCommand({
        command: input.command,
        cwd: await realpath(context.cwd),
        shell: options.shell ?? "/bin/sh",
        env,
        timeoutMs,
        killGraceMs: options.killGraceMs ?? 2000,
        signal: context.signal,
        timers: options.timers ?? unrefTimers,
        maxLineChars: MAX_LINE_CHARS,
        onLine: (line, stream) => {
          capture.append(line);
          progressLines += 1;
          if (progressLines <= maxProgressLines) context.onProgress(line, stream);
          else if (progressLines === maxProgressLines + 1) {
            context.onProgress("[further output is not streamed; it is summarized in the result]", "stderr");
          }
        },
      });
      const output = capture.text();
      const notes: string[] = [];
      if (result.ended === "timed_out") {
        notes.push(
          `[The command timed out after ${timeoutMs} ms; it and the processes it started were stopped.]`,
        );
      } else if (result.ended === "cancelled") {
        notes.push("[The command was cancelled; it and the processes it started were stopped.]");
      } else if (result.exitCode !== 0) {
        notes.push(
          result.exitCode === null
            ? `[Killed by ${result.signal ?? "a signal"}]`
            : `[Exit code ${result.exitCode}]`,
        );
      }
      const text = [output === "" && notes.length === 0 ? "(no output)" : output, ...notes]
        .filter((part) => part !== "")
        .join("\n");
      return {
        content: text,
        isError: result.ended !== "exited" || result.exitCode !== 0,
        data: {
          exitCode: result.exitCode,
          signal: result.signal,
          timedOut: result.ended === "timed_out",
          interrupted: result.ended === "cancelled",
          outputTruncated: capture.truncated,
        },
      };
    },
  });
}

/** `Bash` with the default options. */
export const bashTool: EngineTool = createBashTool();
