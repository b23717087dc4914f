import type { ChatMessage, QueuedChatMessage, SendOptions } from "@parley/sdk";
import { useMemo } from "react";
import { useChatActions, useChatStore } from "./chat-store-context.tsx";

/** Where the open session's chat is: loading it, the agent working on it, or ready for a message. */
export type ChatStatus = "loading" | "busy" | "ready";

/** The open session's chat, as `useChatMessages` gives it: its messages and what a person can do with them. */
export interface ChatMessagesView {
  /** The bubbles and agent turns, oldest first; a turn's text grows as tokens stream in. */
  messages: readonly ChatMessage[];
  status: ChatStatus;
  /** Messages the server queued while the agent works. */
  queue: readonly QueuedChatMessage[];
  /** Whether older messages than the first one held can be loaded. */
  hasOlder: boolean;
  /** The last failure, in words for a person (a send that failed, a server error). */
  error?: string | undefined;
  /**
   * Sends a message to the open session (a new session when none is open); queued while the agent works.
   * Attachments (a project structure) show as cards in the bubble and reach the model as text.
   */
  sendMessage(text: string, options?: SendOptions): Promise<void>;
  /** Stops the agent's current run. */
  stop(): Promise<void>;
  loadOlder(): Promise<void>;
  dismissError(): void;
}

const NO_MESSAGES: readonly ChatMessage[] = [];
const NO_QUEUE: readonly QueuedChatMessage[] = [];

/**
 * Seed 002's `useChatMessages`: the open session's messages, folded by the sdk's chat reducer from the
 * server's event stream (every token exactly once, across reconnects), with send and stop. Needs a
 * `<ParleyChatProvider>` (or `<ChatStoreProvider>`) above it.
 */
export function useChatMessages(): ChatMessagesView {
  const actions = useChatActions();
  const session = useChatStore((state) => state.session);
  const loading = useChatStore((state) => state.loadingSession);
  const error = useChatStore((state) => state.error);
  return useMemo(
    () => ({
      messages: session?.messages ?? NO_MESSAGES,
      status: loading ? "loading" : session?.busy === true ? "busy" : "ready",
      queue: session?.queue ?? NO_QUEUE,
      hasOlder: session?.hasOlder ?? false,
      error,
      sendMessage: (text: string, options?: SendOptions) => actions.sendMessage(text, options),
      stop: () => actions.stopRun(),
      loadOlder: () => actions.loadOlder(),
      dismissError: () => actions.dismissError(),
    }),
    [actions, session, loading, error],
  );
}
