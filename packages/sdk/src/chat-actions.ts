import type {
  Approval,
  AskUserAnswer,
  PlanDecision,
  QueueChange,
  SessionState,
  StoredMessage,
} from "@parley/protocol";
import type {
  ChatMessage,
  ContextUsageState,
  MessageCard,
  ModelFallbackState,
  PendingAskUser,
  QueuedChatMessage,
  SubagentTreeEntry,
} from "./chat-state.ts";
import type { ChangeReportState, PermissionModeState } from "./interaction-state.ts";

/** Where a run-scoped action lands: the run's current agent turn (created when missing), and when. */
interface TurnTarget {
  runId: string;
  agentId: string;
  /** Epoch ms of the event, the turn's timestamp when the action creates it. */
  atMs: number;
}

/**
 * Every change to a session's chat state: seed 002's reducer actions plus what a real client needs
 * (snapshots, the queue, retried streams, optimistic bubbles, paging, event dedup and batching).
 */
export type ChatAction =
  // ── token streaming ──
  /** Appends streamed text (or thinking) to a segment of the run's turn; `done` ends the segment. */
  | ({
      type: "APPEND_TOKEN";
      segmentId: string;
      token: string;
      thinking: boolean;
      done?: boolean;
    } & TurnTarget)
  /** Toggles the turn's thinking indicator. */
  | ({ type: "SET_THINKING"; thinking: boolean } & TurnTarget)
  /** A retried model request: drops what streamed into the segment so far (`TokenEvent.reset`). */
  | ({ type: "RESET_SEGMENT"; segmentId: string } & TurnTarget)
  // ── message lifecycle ──
  /**
   * Adds a message. A user message replaces the optimistic bubble with its `clientMessageId`; an agent
   * message with a `runId` makes sure the run has a generating turn at the end (idempotent).
   */
  | { type: "PUSH_MESSAGE"; message: ChatMessage }
  /** Ends the run's turn: not generating, streams closed, running activity done, outcome recorded. */
  | {
      type: "FINALIZE_MESSAGE";
      runId: string;
      outcome?: ChatMessage["outcome"];
      error?: string;
      durationMs?: number;
      /** When the run ended; the timestamp of a turn made only to show an error. */
      atMs?: number;
    }
  | { type: "CLEAR_MESSAGES" }
  // ── activity ──
  /** A status headline of the run's turn; with a `toolUseId` it is a tool call entry too. */
  | ({
      type: "SET_ACTIVITY";
      detail: string;
      status?: string;
      toolUseId?: string;
      toolName?: string;
      startedAtMs?: number;
    } & TurnTarget)
  /** A running tool call reported progress (an MCP progress notification, a line of a command's output). */
  | { type: "TOOL_PROGRESS"; runId: string; toolUseId: string; line: string }
  /** A tool call finished (`toolUseId`), or all activity of the turn did (none). */
  | { type: "ACTIVITY_DONE"; runId: string; toolUseId?: string; failed?: boolean; durationMs?: number }
  // ── run events ──
  | { type: "SET_CONTEXT_USAGE"; usage: ContextUsageState; runId?: string }
  /**
   * A subagent started; it is shown in the tree of the turn of `entry.parentRunId` (else the parent
   * agent's current turn), and its run's events go to it from then on.
   */
  | { type: "ADD_SUBAGENT"; entry: SubagentTreeEntry; agentId: string; atMs: number }
  | {
      type: "MARK_SUBAGENT_DONE";
      subagentId: string;
      runId?: string;
      outcome?: string;
      summary?: string;
      error?: string;
      durationMs?: number;
      toolUses?: number;
    }
  /** A plan was set or changed; with `messageId` its Plan card is updated in place. */
  | { type: "SET_PLAN"; plan: unknown; runId?: string; messageId?: string }
  /**
   * A context-bearing message changed in place (a ContextUpdate event): the card with `messageId` gets
   * `rich` wherever it is shown. A card this client does not hold is left to the next load.
   */
  | { type: "UPDATE_CARD"; messageId: string; rich: StoredMessage["rich"] }
  /** The files a run changed (a ChangeReport event). */
  | ({ type: "SET_CHANGE_REPORT"; report: ChangeReportState } & TurnTarget)
  // ── special ──
  | { type: "SET_ASK_USER"; askUser: PendingAskUser | undefined }
  | { type: "SET_MODEL_FALLBACK"; fallback: ModelFallbackState }
  /** A finalized text segment: replaces the streamed text of the segment with the same id, or appends. */
  | ({ type: "PUSH_TEXT_SEGMENT"; segmentId: string; text: string } & TurnTarget)
  /**
   * A typed card (plan, question, tool call …) inside the run's turn, or replacing the card with the same
   * id wherever it is (the server re-announces a card whenever it changes).
   */
  | ({ type: "PUSH_CARD"; card: MessageCard } & TurnTarget)
  // ── interactions ──
  /** An answered approval (the server's answer, or the first answer a 409 carried) shown on its card. */
  | { type: "APPLY_APPROVAL"; approval: Approval }
  /** An answered (or withdrawn) question shown on its card. */
  | {
      type: "APPLY_QUESTION_ANSWER";
      questionId: string;
      state: "answered" | "cancelled" | "expired";
      answers: AskUserAnswer[];
      answeredAtMs?: number;
    }
  /** A plan card's decision (execute or refine), shown on the card. */
  | { type: "APPLY_PLAN_DECISION"; messageId: string; decision: PlanDecision }
  /** An agent's permission mode. */
  | { type: "SET_PERMISSION_MODE"; agentId: string; mode: PermissionModeState }
  // ── client needs ──
  /** Replaces the state with a `GET /api/sessions/:id/state` snapshot; optimistic bubbles survive. */
  | { type: "LOAD_STATE"; snapshot: SessionState }
  /** Prepends an older page of stored messages. */
  | { type: "LOAD_OLDER"; messages: StoredMessage[]; hasOlder: boolean }
  /** The whole queue of one agent. */
  | { type: "SET_QUEUE"; agentId: string; items: QueuedChatMessage[] }
  /** One change to an agent's queue: items added, or removed, delivered or cleared (seed 002 QueueUpdated). */
  | { type: "APPLY_QUEUE_CHANGE"; agentId: string; change: QueueChange; items: QueuedChatMessage[] }
  /** The server accepted the optimistic bubble as message `messageId`. */
  | { type: "CONFIRM_MESSAGE"; clientMessageId: string; messageId: string; runId?: string }
  /** Drops the optimistic bubble (its message was queued instead, or never sent). */
  | { type: "REMOVE_MESSAGE"; clientMessageId: string }
  /** The optimistic bubble could not be sent; it stays, marked with the error. */
  | { type: "FAIL_MESSAGE"; clientMessageId: string; error: string }
  /** The actions one event produced; skipped entirely when its seq was already applied. */
  | { type: "APPLY_EVENT"; seq: number; actions: readonly ChatAction[] }
  /** Several actions applied with one copy of the state (a frame's worth of tokens). */
  | { type: "BATCH"; actions: readonly ChatAction[] };

/** The type names of all chat actions. */
export type ChatActionType = ChatAction["type"];

/** The action of one type, for the functions that apply it. */
export type ActionOf<T extends ChatAction["type"]> = Extract<ChatAction, { type: T }>;
