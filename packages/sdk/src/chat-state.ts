/**
 * The chat state every Parley UI renders (seed 002's ChatMessage model), framework-neutral.
 * This file is the contract between the store (packages/sdk) and the UIs (packages/web, the TUI).
 */
import type { RunOutcome, SessionSummary, StoredMessage } from "@parley/protocol";

/** One entry of an agent turn's subagent tree (seed 002 SubagentTreeView). */
export interface SubagentTreeEntry {
  subagentId: string;
  parentId: string;
  task: string;
  runId?: string;
  done: boolean;
  outcome?: string;
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

/** One tool call (or other non-transient activity) of an agent turn, for GroupedToolActivity. */
export interface ActivityItem {
  /** The tool call id when the activity is a tool call. */
  toolUseId?: string;
  toolName?: string;
  /** Headline such as "Calling read_file". */
  label: string;
  state: "running" | "done" | "failed";
  startedAtMs?: number;
  durationMs?: number;
}

/** A typed card shown inside a turn (plan, question, tool request/result, …): the stored rich message. */
export interface MessageCard {
  id: string;
  rich: StoredMessage["rich"];
}

/**
 * A rendered chat message (seed 002 `ChatMessage`). A user message is one bubble; an agent message is one
 * whole agent turn (a run): its thinking, activity, text segments and cards. Optional fields are absent, not
 * undefined-valued, when they do not apply.
 */
export interface ChatMessage {
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

  activitySummary?: string;
  activityEntries?: string[];
  toolCount?: number;
  /** The same activity as `activityEntries`, with each tool call's state and duration. */
  activityItems?: ActivityItem[];

  contextTokens?: number;
  messageCount?: number;
  durationMs?: number;

  images?: string[];
  subagentTree?: SubagentTreeEntry[];
  segments?: MessageSegment[];
  cards?: MessageCard[];
  /** Text of the segment currently streaming (seed 002's legacy `liveText`). */
  liveText?: string;

  /** The plan the agent set during this turn (seed 002 SET_PLAN), opaque JSON. */
  plan?: unknown;

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

/** A message waiting in an agent's queue while it is busy. */
export interface QueuedChatMessage {
  id: string;
  text: string;
  queuedAtMs: number;
  clientMessageId?: string;
  /** The agent whose queue holds it. */
  agentId?: string;
}

/** Context window usage of the session's agent (seed 002 ContextUsage). */
export interface ContextUsageState {
  messageCount: number;
  estimatedTokens: number;
  compressed: boolean;
  contextWindow?: number;
}

/** The last model fallback (seed 002 ModelFallback). */
export interface ModelFallbackState {
  preferred: string;
  actual: string;
  reason: string;
  atMs: number;
}

/** A question the agent is waiting on (seed 002 AskUser); full cards arrive with the tools issue. */
export interface PendingAskUser {
  questionId: string;
  agentId: string;
  questions: unknown[];
  runId?: string;
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
  sessions: SessionSummary[];
  activeSessionId?: string;
  /** The active session; undefined while none is open or while it loads. */
  session?: SessionChatState;
  loadingSession: boolean;
  model?: ModelState;
  /** The last error worth showing (a failed send, a failed load), cleared by `dismissError`. */
  error?: string;
  /** True when the server refused the credentials (HTTP 401): the UI shows "signed out"; `connection` is offline. */
  signedOut?: boolean;
}
