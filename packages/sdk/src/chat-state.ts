/**
 * The chat state every Parley UI renders (seed 002's ChatMessage model), framework-neutral.
 * This file is the contract between the store (packages/sdk) and the UIs (packages/web, the TUI).
 */
import type {
  IdlePromptStatus,
  MessageAttachment,
  RunOutcome,
  SessionSummary,
  StoredMessage,
} from "@parley/protocol";
import type {
  ChangeReportState,
  PendingApprovalState,
  PermissionModeState,
  SubagentRunState,
} from "./interaction-state.ts";

/**
 * What an agent turn and a subagent's run both hold: text segments and typed cards (in arrival order,
 * `partOrder`), and the tool activity with its headline and count.
 */
export interface TurnContent {
  segments?: MessageSegment[];
  cards?: MessageCard[];
  /** The ids of `segments` and `cards` in the order they arrived, so a UI can interleave them. */
  partOrder?: string[];
  activitySummary?: string;
  activityEntries?: string[];
  toolCount?: number;
  /** The same activity as `activityEntries`, with each tool call's state and duration. */
  activityItems?: ActivityItem[];
}

/**
 * One entry of an agent turn's subagent tree (seed 002 SubagentTreeView): a `Task` call's child run, with
 * its own activity, text and cards (its approvals and questions too), and how it ended.
 */
export interface SubagentTreeEntry extends TurnContent {
  subagentId: string;
  /** The agent that delegated: the turn's agent, or the parent subagent for a nested task. */
  parentId: string;
  /** The task's short description. */
  task: string;
  /** The child's own run. */
  runId?: string;
  /** The run that started it. */
  parentRunId?: string;
  /** The parent's `Task` call. */
  toolUseId?: string;
  subagentType?: string;
  /** The instructions the child was given. */
  prompt?: string;
  done: boolean;
  /** `success`, `error`, `cancelled`, `interrupted` once done. */
  outcome?: string;
  /** What the child reported back. */
  summary?: string;
  error?: string;
  startedAtMs?: number;
  durationMs?: number;
  /** How many tool calls the child made, as the server counted them. */
  toolUses?: number;
}

/** A finalized or streaming piece of an agent turn's text, in order. */
export interface MessageSegment {
  /** The id tokens carry (`message_id`) and the stored message's id. */
  id: string;
  text: string;
  /** True while tokens still stream into it. */
  streaming: boolean;
  /** Thinking text streamed while this segment was open (dropped with it when the model request is retried). */
  thinking?: string;
}

/**
 * One tool call (or other non-transient activity) of an agent turn, for GroupedToolActivity. `waiting`
 * means the call waits for a person's approval.
 */
export interface ActivityItem {
  /** The tool call id when the activity is a tool call. */
  toolUseId?: string;
  toolName?: string;
  /** Headline such as "Reading src/app.ts". */
  label: string;
  state: "waiting" | "running" | "done" | "failed";
  startedAtMs?: number;
  durationMs?: number;
  /** The call's ToolRequest card, once it has one. */
  requestId?: string;
  /** The call's ToolResult card, once it has one. */
  resultId?: string;
  /** The last progress the running call reported (cleared when it ends). */
  progress?: string;
}

/** A typed card shown inside a turn (plan, question, tool request/result, …): the stored rich message. */
export interface MessageCard {
  id: string;
  rich: StoredMessage["rich"];
  /** Set when the message's kind is unknown to this client: `rich` is then a Text card with its text. */
  unknownKind?: string;
}

/**
 * A rendered chat message (seed 002 `ChatMessage`). A user message is one bubble; an agent message is one
 * whole agent turn (a run): its thinking, activity, text segments and cards. Optional fields are absent, not
 * undefined-valued, when they do not apply.
 */
export interface ChatMessage extends TurnContent {
  /** Stable key: the stored message id for a user message, the run id for an agent turn. */
  id: string;
  role: "user" | "agent";
  from?: string;
  to?: string;
  /** The primary text: a user's message, or an agent turn's segments joined with blank lines. */
  text: string;
  timestamp: string;
  timestampMs?: number;

  isGenerating?: boolean;
  isThinking?: boolean;
  /** Thinking text streamed so far in this turn (shown collapsed). */
  thinkingText?: string;

  contextTokens?: number;
  messageCount?: number;
  durationMs?: number;

  images?: string[];
  /** Cards the person attached to their message (a shared project structure), shown in their bubble. */
  attachments?: MessageAttachment[];
  subagentTree?: SubagentTreeEntry[];
  /** Text of the segment currently streaming (seed 002's legacy `liveText`). */
  liveText?: string;

  /** A plan the agent set during this turn without a Plan card to show it (seed 002 SET_PLAN), opaque JSON. */
  plan?: unknown;
  /** The files the run changed; its `change_report` message usually shows them (see `messageId`). */
  changeReport?: ChangeReportState;

  runId?: string;
  outcome?: RunOutcome;
  error?: string;
  /** The id the sending client chose; an optimistic user bubble is replaced when the server echoes it. */
  clientMessageId?: string;
  /** True for an optimistic user bubble the server has not confirmed yet. */
  pending?: boolean;
}

/** Seed 002's rendering phase of a message. */
export type MessagePhase = "thinking" | "working" | "streaming" | "done";

/**
 * A message waiting in an agent's queue while it is busy. `text` is a preview when `truncated`; the store's
 * `queuedText(id)` fetches the whole message.
 */
export interface QueuedChatMessage {
  id: string;
  text: string;
  /** Length of the whole message, in characters. */
  textLength: number;
  /** True when `text` is only the start of the message. */
  truncated: boolean;
  queuedAtMs: number;
  clientMessageId?: string;
  /** The agent whose queue holds it. */
  agentId?: string;
}

/** Context window usage of the session's agent (seed 002 ContextUsage). */
export interface ContextUsageState {
  messageCount: number;
  estimatedTokens: number;
  /** True right after older messages were summarized; `preTokens`, `trigger` and the marker message say more. */
  compressed: boolean;
  contextWindow?: number;
  preTokens?: number;
  trigger?: "auto" | "manual";
  /** The SystemControl `compact` message marking where the summary starts. */
  compactionMessageId?: string;
}

/** The last model fallback (seed 002 ModelFallback). */
export interface ModelFallbackState {
  preferred: string;
  actual: string;
  reason: string;
  atMs: number;
}

/** A question the agent is waiting on (seed 002 AskUser); its Question card (`messageId`) shows it in full. */
export interface PendingAskUser {
  questionId: string;
  agentId: string;
  questions: unknown[];
  runId?: string;
  messageId?: string;
}

/** The state of one open session. */
export interface SessionChatState {
  sessionId: string;
  messages: ChatMessage[];
  /** Whether older messages exist before the first one held (load them with `loadOlder`). */
  hasOlder: boolean;
  /** Position of the oldest stored message held, the cursor `loadOlder` pages back from. */
  oldestPosition?: number;
  queue: QueuedChatMessage[];
  contextUsage?: ContextUsageState;
  modelFallback?: ModelFallbackState;
  askUser?: PendingAskUser;
  /** Tool calls waiting for a person's approval, oldest first (subagents' calls included). */
  pendingApprovals?: PendingApprovalState[];
  /** The permission mode of each agent of the session, by agent id (see `permissionModeOf`). */
  permissionModes?: Record<string, PermissionModeState>;
  /** The subagent runs seen in this session, by their run id: their events go to the subagent tree. */
  subagentRuns?: Record<string, SubagentRunState>;
  /** The latest plan announced (a PlanUpdate), opaque JSON. */
  plan?: unknown;
  /** True while the session's agent runs. */
  busy: boolean;
  /** The running run, for the Stop button. */
  activeRunId?: string;
  /** Highest event seq applied to this state; events at or below it are duplicates. */
  appliedSeq: number;
}

/** How the event stream is doing, for the connection indicator. */
export type ConnectionStatus = "connecting" | "connected" | "reconnecting" | "resyncing" | "offline";

/** What the current model is, for the demo label and the settings page. */
export interface ModelState {
  ref: string;
  isDemo: boolean;
  /** A short human label, e.g. "claude-opus-5-5 (anthropic)" or "Demo model (offline)". */
  label?: string;
  /** Why the configured model cannot be used, when it cannot (what to fix in Settings). */
  error?: string;
}

/** Everything a UI renders. Immutable: every change produces a new object (for useSyncExternalStore). */
export interface ChatStoreState {
  connection: ConnectionStatus;
  /**
   * False when this tab has a connection of its own because the browser cannot share one among tabs (no
   * Web Locks, e.g. plain http off localhost): with more than 6 tabs of one server, some may not connect.
   */
  connectionShared?: boolean;
  sessions: SessionSummary[];
  activeSessionId?: string;
  /** The active session; undefined while none is open or while it loads. */
  session?: SessionChatState;
  loadingSession: boolean;
  model?: ModelState;
  /** Whether idle agents are prompted toward the mission, after how long and how often (the settings'). */
  idlePrompts?: IdlePromptStatus;
  /** The last error worth showing (a failed send, a failed load), cleared by `dismissError`. */
  error?: string;
  /** True when the server refused the credentials (HTTP 401): the UI shows "signed out"; `connection` is offline. */
  signedOut?: boolean;
  /** Counts the project's permission rule changes seen on the stream, so a rules list knows to reload. */
  rulesRevision?: number;
  /** Bumped whenever the MCP servers' status or tools change, so a view of them reloads. */
  mcpRevision?: number;
  /** Counts mission changes seen on the stream, so the chat's mission line knows to reload. */
  missionRevision?: number;
}
