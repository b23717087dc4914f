import type { AskUserAnswer, RewindResponse, SelectablePermissionMode } from "@parley/protocol";
import type { ChatStoreState } from "./chat-state.ts";
import type { ApprovalAnswer, ExecutePlanMode, InteractionOutcome } from "./interaction-state.ts";
import type { SendOptions } from "./message-sender.ts";

/**
 * What a UI can do with the chat store: subscribe to its immutable state (React's useSyncExternalStore,
 * or a terminal renderer) and call actions. Actions (but `rewindFiles`) never throw for server or network errors: they record
 * a user-readable `error` in the state instead. Answers to approvals, questions and plans also return what
 * happened, so a card can show a failure (with the server's per-field issues) next to its inputs; a 409
 * (answered already, e.g. in another tab) is no error: the card shows that first answer.
 */
export interface ChatStoreApi {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ChatStoreState;
  /** Loads the session list and model info and opens the event stream. */
  start(): Promise<void>;
  /** Closes the event stream. */
  stop(): void;
  /** Shows a session: fetches its state and applies later events exactly once. */
  openSession(sessionId: string): Promise<void>;
  /** Leaves the current session; the next message starts a new one. */
  newSession(): void;
  /**
   * Sends a message to the active session's agent (or a new session); queued by the server when busy. Its
   * attachments (a project structure) show as cards in the bubble and reach the model as text.
   */
  sendMessage(text: string, options?: SendOptions): Promise<void>;
  /** Stops the active run (explicit cancel; closing the page never cancels). */
  stopRun(options?: { clearQueue?: boolean }): Promise<void>;
  removeQueued(itemId: string): Promise<void>;
  /** The whole text of a queued message (the queue holds a preview of long ones); undefined if it is gone. */
  queuedText(itemId: string): Promise<string | undefined>;
  renameSession(sessionId: string, title: string): Promise<void>;
  deleteSession(sessionId: string): Promise<void>;
  /** Loads the page of messages before the oldest one held. */
  loadOlder(): Promise<void>;
  /** Answers a question (`POST /api/ask-user-response`): one answer per question, an array for multi-select. */
  answerQuestion(questionId: string, answers: AskUserAnswer[]): Promise<InteractionOutcome>;
  /** Approves (once or always) or rejects a tool call, exactly once; `updatedInput` runs an edited input. */
  answerApproval(approvalId: string, answer: ApprovalAnswer): Promise<InteractionOutcome>;
  /** The plan card's Execute: leaves plan mode (for `mode`, `default` unless given) and runs the plan. */
  executePlan(messageId: string, mode?: ExecutePlanMode): Promise<InteractionOutcome>;
  /** The plan card's Refine: stays in plan mode and sends the feedback for a new plan. */
  refinePlan(messageId: string, feedback: string): Promise<InteractionOutcome>;
  /** The permission mode of the person's agent in the open session (a new session is made when none is open). */
  setPermissionMode(mode: SelectablePermissionMode): Promise<void>;
  /** Summarizes the agent's older messages now (refused while it is busy, or when there is too little). */
  compact(instructions?: string): Promise<void>;
  /**
   * Puts the files a run of the open session (and its later runs) changed back as they were before it;
   * `dryRun` only says what it would do. Rejects with the server's reason (busy: 409), unlike the actions
   * above, so the card that asked can show it.
   */
  rewindFiles(runId: string, options: { dryRun: boolean }): Promise<RewindResponse>;
  dismissError(): void;
}
