import type { AskUserAnswer } from "@parley/protocol";
import type { ChatStoreState } from "./chat-state.ts";

/**
 * What a UI can do with the chat store: subscribe to its immutable state (React's useSyncExternalStore,
 * or a terminal renderer) and call actions. Actions never throw for server or network errors: they record
 * a user-readable `error` in the state instead.
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
  /** Sends a message to the active session's agent (or a new session); queued by the server when busy. */
  sendMessage(text: string): Promise<void>;
  /** Stops the active run (explicit cancel; closing the page never cancels). */
  stopRun(options?: { clearQueue?: boolean }): Promise<void>;
  removeQueued(itemId: string): Promise<void>;
  renameSession(sessionId: string, title: string): Promise<void>;
  deleteSession(sessionId: string): Promise<void>;
  /** Loads the page of messages before the oldest one held. */
  loadOlder(): Promise<void>;
  answerQuestion(questionId: string, answers: AskUserAnswer[]): Promise<void>;
  dismissError(): void;
}
