import type { AgentCliName, AgentCliProtocol, AgentCliStatus, ModelListResult } from "@parley/protocol";
import { listModelsOverAcp } from "./acp/acp-models.ts";
import type { AcpProcessPool } from "./acp/acp-process-pool.ts";
import { type AcpLaunch, runOverAcp } from "./acp/acp-run.ts";
import {
  type AgentCli,
  type AgentCliConfig,
  COMMAND_TIMEOUT_MS,
  DEFAULT_RUN_TIMEOUT_MS,
  type RunAgentOptions,
} from "./agent-cli.ts";
import { type AgentRun, failedRun } from "./agent-run.ts";
import { refusedRunArgument } from "./cli-arguments.ts";
import { discoverCli } from "./discovery.ts";
import { captureCli, runCli } from "./run-cli.ts";
import type { Clock, RunOutputParser } from "./run-output-parser.ts";

/** What distinguishes one CLI for the shared adapter plumbing. */
export interface CliIdentity {
  name: AgentCliName;
  label: string;
  defaultCommand: string;
  minimumVersion: string;
  installHint: string;
}

/**
 * The plumbing every adapter shares: the configured command and environment, running with a parser, one-shot
 * commands, and discovery. Subclasses say which arguments to pass and how to read what comes back.
 */
export abstract class CliAdapter implements Pick<AgentCli, "name" | "label" | "discover"> {
  readonly name: AgentCliName;
  readonly label: string;
  protected readonly command: string;
  protected readonly env: NodeJS.ProcessEnv;
  protected readonly timeoutMs: number;
  protected readonly extraArgs: readonly string[];
  protected readonly failureHint: string | undefined;
  protected readonly now: Clock;
  /** The protocol the person chose for this CLI, if any (each adapter has its default). */
  protected readonly protocol: AgentCliProtocol | undefined;
  protected readonly acpProcesses: AcpProcessPool | undefined;

  constructor(
    private readonly identity: CliIdentity,
    config: AgentCliConfig,
  ) {
    this.name = identity.name;
    this.label = identity.label;
    this.command = config.command ?? identity.defaultCommand;
    this.env = config.env;
    this.timeoutMs = config.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS;
    this.extraArgs = config.extraArgs ?? [];
    this.failureHint = config.failureHint;
    this.now = config.now ?? Date.now;
    this.protocol = config.protocol;
    this.acpProcesses = config.acpProcesses;
  }

  discover(): Promise<AgentCliStatus> {
    return discoverCli({ ...this.identity, command: this.command, env: this.env });
  }

  /**
   * Runs the CLI for one message, its stdout read by `parser`; `trailing` arguments follow the extra ones. A
   * model, agent or session id that the CLI would read as an option fails the run before anything starts.
   */
  protected run(
    options: RunAgentOptions,
    args: readonly string[],
    parser: RunOutputParser,
    stdin?: string,
    trailing: readonly string[] = [],
  ): AgentRun {
    const refused = refusedRunArgument(options);
    if (refused !== null)
      return failedRun(`${this.label} was not started: ${refused}`, options.sessionId ?? null);
    return runCli(
      this.label,
      {
        command: this.command,
        args: [...args, ...this.extraArgs, ...trailing],
        cwd: options.cwd,
        env: this.env,
        ...(stdin !== undefined && { stdin }),
        ...(options.signal && { signal: options.signal }),
        timeoutMs: this.timeoutMs,
      },
      parser,
      this.failureHint,
    );
  }

  /**
   * Runs the CLI as an ACP agent for one message (`args` start it in ACP mode); `env` adds to the configured
   * environment and `sessionOptions` are set on the ACP session before the prompt.
   */
  protected runAcp(
    options: RunAgentOptions,
    args: readonly string[],
    extra: { env?: NodeJS.ProcessEnv; sessionOptions?: Record<string, string> } = {},
  ): AgentRun {
    const refused = refusedRunArgument(options);
    if (refused !== null)
      return failedRun(`${this.label} was not started: ${refused}`, options.sessionId ?? null);
    return runOverAcp(this.acpLaunch(args, extra), options, this.acpProcesses);
  }

  /** The models the CLI names when an ACP session starts in `cwd` (`args` start it in ACP mode). */
  protected listModelsOverAcp(
    args: readonly string[],
    cwd: string,
    extra: { env?: NodeJS.ProcessEnv } = {},
  ): Promise<ModelListResult> {
    const launch = this.acpLaunch(args, extra);
    return listModelsOverAcp({ ...launch, timeoutMs: Math.min(this.timeoutMs, COMMAND_TIMEOUT_MS) }, cwd);
  }

  private acpLaunch(
    args: readonly string[],
    extra: { env?: NodeJS.ProcessEnv; sessionOptions?: Record<string, string> },
  ): AcpLaunch {
    return {
      label: this.label,
      command: this.command,
      args: [...args, ...this.extraArgs],
      env: { ...this.env, ...extra.env },
      timeoutMs: this.timeoutMs,
      now: this.now,
      ...(this.failureHint !== undefined && { failureHint: this.failureHint }),
      ...(extra.sessionOptions && { sessionOptions: extra.sessionOptions }),
    };
  }

  /** Runs a one-shot command (export, list) and returns its stdout, or why it failed; `stdin` is its input. */
  protected capture(
    args: readonly string[],
    cwd: string,
    stdin?: string,
  ): Promise<{ stdout: string; failure: string | null }> {
    return captureCli(this.label, {
      command: this.command,
      args,
      cwd,
      env: this.env,
      timeoutMs: Math.min(this.timeoutMs, COMMAND_TIMEOUT_MS),
      ...(stdin !== undefined && { stdin }),
    });
  }
}

/** The message of an unexpected exception, for results that must not throw. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
