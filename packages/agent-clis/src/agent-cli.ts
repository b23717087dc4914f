import type {
  AgentCliName,
  AgentCliProtocol,
  AgentCliStatus,
  AgentListResult,
  ExportResult,
  ModelListResult,
  SessionListResult,
} from "@parley/protocol";
import type { AcpProcessPool } from "./acp/acp-process-pool.ts";
import type { AgentRun } from "./agent-run.ts";
import type { Clock } from "./run-output-parser.ts";

/** One message for an agent CLI (seed 003 `run_agent`). */
export interface RunAgentOptions {
  message: string;
  /** The CLI's session to continue; a new session when absent. */
  sessionId?: string | null;
  /** A named agent, for CLIs that have them (OpenCode's `build`, `plan`, …; Claude Code's `--agent`). */
  agent?: string | null;
  model?: string | null;
  /** The project directory the CLI works in. */
  cwd: string;
  /** Aborting cancels the run: the CLI's process group is killed. */
  signal?: AbortSignal;
  /**
   * How the person answers what a CLI driven through ACP asks (permission for a tool call) and sees what it
   * shows beyond its parts (its plan). Without it, every permission request is refused.
   */
  interaction?: AgentInteraction;
}

/** A CLI's request to run one tool call, as ACP's `session/request_permission` carries it. */
export interface AgentPermissionRequest {
  callId: string;
  /** The CLI's name for the tool when it gives one, else the kind of call (`edit`, `execute`, …). */
  toolName: string;
  /** ACP's kind of tool call: read, edit, delete, move, search, execute, think, fetch, switch_mode, other. */
  kind: string;
  /** What the CLI says it is about to do ("Writing to a.txt"). */
  title: string;
  /** The call's input as the CLI reported it, and the file changes it proposes. */
  input: Record<string, unknown>;
  /** Which answers the CLI offers; an answer it does not offer is given as the nearest one it does. */
  offers: readonly AgentPermissionAnswer[];
}

/** A person's answer to a permission request; `cancelled` when the run stopped before one was given. */
export type AgentPermissionAnswer =
  | "allow_once"
  | "allow_always"
  | "reject_once"
  | "reject_always"
  | "cancelled";

/** One entry of a CLI's plan (ACP `plan` update), replaced in full by each new version of the plan. */
export interface AgentPlanEntry {
  content: string;
  priority: "high" | "medium" | "low";
  status: "pending" | "in_progress" | "completed";
}

/** What the person who started a run is asked and shown while a CLI works (see `RunAgentOptions`). */
export interface AgentInteraction {
  askPermission(request: AgentPermissionRequest, signal: AbortSignal): Promise<AgentPermissionAnswer>;
  showPlan?(entries: readonly AgentPlanEntry[]): void;
}

/**
 * The AgentCLI port of seed 003: every operation returns its structured result, with `success` and an error
 * message instead of throwing, so nothing above an adapter ever parses CLI output.
 */
export interface AgentCli {
  readonly name: AgentCliName;
  /** Product name for people, e.g. "Claude Code". */
  readonly label: string;
  /** Sends one message; iterate the run for its parts as they arrive, await `run.result` for the RunResult. */
  runAgent(options: RunAgentOptions): AgentRun;
  /** A session's history, oldest first. */
  exportSession(sessionId: string, cwd?: string): Promise<ExportResult>;
  /** The CLI's sessions (for `cwd`'s project when given), newest first. */
  listSessions(cwd?: string): Promise<SessionListResult>;
  /** The agents the CLI offers (a single default one for CLIs without named agents). */
  listAgents(cwd?: string): Promise<AgentListResult>;
  /**
   * The models the CLI offers in `cwd`'s project, in its own naming (what `model` takes), and the one it uses
   * by default where it says; an empty list for a CLI that cannot list them.
   */
  listModels(cwd: string): Promise<ModelListResult>;
  /** Whether the CLI is installed and new enough, and its version. */
  discover(): Promise<AgentCliStatus>;
}

/** How Parley runs one agent CLI; everything else (auth, provider, base URL) stays in the CLI's own config. */
export interface AgentCliConfig {
  /** A command name looked up on PATH, or a path to the executable. Each adapter has a default. */
  command?: string;
  /**
   * The CLI's whole environment, and the PATH its command is looked up on. The adapter adds nothing but `PWD`
   * (the run's folder); Parley's server passes the person's environment minus Parley's secrets.
   */
  env: NodeJS.ProcessEnv;
  /**
   * Added to the error of a run whose CLI started and then failed: Parley's server says there which of the
   * person's variables the CLI was not given, since a CLI that authenticates with one fails for that reason.
   */
  failureHint?: string;
  /** Wall-clock limit for one run; default 10 minutes. One-shot commands get a minute. */
  timeoutMs?: number;
  /** Extra arguments added to every run (e.g. `--approval-mode yolo`, `-c key=value`). */
  extraArgs?: readonly string[];
  /**
   * How runs talk to the CLI: `acp` (the Agent Client Protocol, where its permission requests reach the person)
   * or `stream-json` (its headless output; its own settings decide its tools). Each adapter has a default and
   * ignores a protocol its CLI does not speak.
   */
  protocol?: AgentCliProtocol;
  /**
   * Where a CLI driven over ACP is kept running between the messages of a session (one process per session,
   * closed when idle); without it, each message starts the CLI and loads its session again.
   */
  acpProcesses?: AcpProcessPool;
  /** Stamps parts whose CLI reports no time; default `Date.now`. */
  now?: Clock;
}

/** The default limit for one run. */
export const DEFAULT_RUN_TIMEOUT_MS = 10 * 60 * 1000;
/** The limit for export, list and version commands. */
export const COMMAND_TIMEOUT_MS = 60 * 1000;
