/**
 * The parts of the chat state about a person's interactions with the agent: approvals waiting for an
 * answer, the permission mode each agent runs in, change reports and what an answer did.
 */
import type {
  ApiErrorIssue,
  ApprovalDecision,
  ChangedFile,
  ExecutePlanRequest,
  JsonObject,
  PermissionModeSource,
} from "@parley/protocol";

/** A tool call waiting for a person's approval; its ToolRequest card (`messageId`) shows it in full. */
export interface PendingApprovalState {
  approvalId: string;
  messageId: string;
  toolName: string;
  /** "Writing src/app.ts". */
  headline: string;
  runId?: string;
  /** The agent (or subagent) that made the call. */
  agentId?: string;
}

/** The permission mode an agent of the session runs in, and where it comes from. */
export interface PermissionModeState {
  /** `default`, `acceptEdits`, `plan`, `bypassPermissions` or `dontAsk` (or a newer server's mode). */
  mode: string;
  source: PermissionModeSource;
}

/** The files a run changed (a ChangeReport event); `messageId` is the chat message that keeps the report. */
export interface ChangeReportState {
  files: ChangedFile[];
  truncatedCount: number;
  messageId?: string;
}

/** Where a subagent's run sits: the run that started it and the agent id its events carry. */
export interface SubagentRunState {
  parentRunId: string;
  subagentId: string;
  /** The instructions it was given (from the snapshot's runs), to find its `Task` call. */
  prompt?: string;
  /** Its `Task` call in the parent run, when the snapshot's run says so. */
  toolUseId?: string;
  /** Its short task description, when the snapshot's run says so. */
  description?: string;
}

/** What a person answers on a tool approval card: once, always (saving the offered rule), or no. */
export interface ApprovalAnswer {
  decision: ApprovalDecision;
  /** What the agent is told on a rejection; it continues with it. */
  feedback?: string;
  /** The tool input to run instead of the model's (approve only); the server checks it. */
  updatedInput?: JsonObject;
  /** With "always" on an MCP call: `server` allows every tool of its server, not only this one. */
  alwaysScope?: "tool" | "server";
}

/** The mode an agent leaves plan mode for when a plan is executed. */
export type ExecutePlanMode = NonNullable<ExecutePlanRequest["permission_mode"]>;

/**
 * What answering an approval, a question or a plan did. `conflict` means it had been answered already
 * (in another tab, say): nothing to show as an error, the card now shows that first answer. `failed`
 * carries the server's message and per-field issues (e.g. `body.updated_input.content`).
 */
export type InteractionOutcome =
  | { status: "done" }
  | { status: "conflict"; message: string }
  | { status: "failed"; message: string; issues: ApiErrorIssue[] };
