import { type ChatResponse, MAX_CHAT_TEXT, type MessageAttachment } from "@parley/protocol";
import { ApiRequestError } from "./api-request-error.ts";
import type { ChatAction } from "./chat-actions.ts";
import type { ChatMessage } from "./chat-state.ts";
import type { OpenSession } from "./open-session.ts";
import type { ParleyClient } from "./parley-client.ts";
import { type RetryOptions, retryRequest } from "./retry-request.ts";
import { emptySessionState } from "./session-snapshot.ts";

/** The session id of a new session shown before the server has created it. */
export const DRAFT_SESSION = "";

/** What a MessageSender needs from its store. */
export interface MessageSenderContext {
  client: ParleyClient;
  open: OpenSession;
  agentId: string;
  retry: RetryOptions;
  now(): number;
  newClientMessageId(): string;
  activeSessionId(): string | undefined;
  /** A new (draft) session is shown, not loading. */
  showDraft(): void;
  /**
   * The server created the session the draft stands for, which now holds its events so far: make it
   * active (and load its snapshot when some events may be missing).
   */
  adopt(sessionId: string, complete: boolean): void;
  dispatch(action: ChatAction): void;
  failed(what: string, error: unknown): void;
  /** The session list may have changed (a new session, a new `updated_at`). */
  sessionsChanged(): void;
}

/**
 * Sends chat messages: shows an optimistic bubble at once, posts with a fresh `client_message_id` and
 * retries failures with the same id (the server never runs one id twice), confirms the bubble with the
 * server's message id, and, without an open session, lets the server create one and switches to it (the
 * new session's events that arrived before its id was known are kept aside and applied then).
 */
export class MessageSender {
  readonly #context: MessageSenderContext;
  /** The session a send without a session is creating; later sends go to it instead of making another. */
  #creating: Promise<string | undefined> | undefined;

  constructor(context: MessageSenderContext) {
    this.#context = context;
  }

  async send(text: string, attachments: readonly MessageAttachment[] = []): Promise<void> {
    const context = this.#context;
    const body = text.trim();
    if (body === "" && attachments.length === 0) return;
    if (body.length > MAX_CHAT_TEXT) {
      const error = `The message is too long (at most ${MAX_CHAT_TEXT} characters).`;
      return context.failed("Your message was not sent", new Error(error));
    }
    const clientMessageId = context.newClientMessageId();
    if (context.activeSessionId() === undefined && context.open.state === undefined) {
      context.open.replace(emptySessionState(DRAFT_SESSION));
      context.showDraft();
    }
    context.dispatch({ type: "PUSH_MESSAGE", message: this.#bubble(body, attachments, clientMessageId) });
    let sessionId = context.activeSessionId();
    if (sessionId === undefined && this.#creating !== undefined) sessionId = await this.#creating;
    const creating = sessionId === undefined;
    if (creating) context.open.watchNewSessions();
    const request = retryRequest(
      () =>
        context.client.chat({
          text: body,
          ...(attachments.length > 0 && { attachments: [...attachments] }),
          agent_id: context.agentId,
          client_message_id: clientMessageId,
          ...(sessionId !== undefined && { session_id: sessionId }),
        }),
      context.retry,
    );
    if (creating) {
      this.#creating = request.then(
        (response) => response.session_id,
        () => undefined,
      );
    }
    let response: ChatResponse;
    try {
      response = await request;
    } catch (error) {
      if (creating) context.open.stopWatchingNewSessions();
      if (this.#shows(sessionId)) {
        context.dispatch({ type: "FAIL_MESSAGE", clientMessageId, error: describe(error) });
      }
      return context.failed("Your message was not sent", error);
    } finally {
      if (creating) this.#creating = undefined;
    }
    if (creating) {
      if (this.#shows(undefined)) {
        const complete = context.open.adoptNewSession(response.session_id);
        context.adopt(response.session_id, complete);
      } else {
        context.open.stopWatchingNewSessions();
      }
    }
    if (
      response.status === "started" &&
      response.message_id !== undefined &&
      this.#shows(response.session_id)
    ) {
      context.dispatch({
        type: "CONFIRM_MESSAGE",
        clientMessageId,
        messageId: response.message_id,
        ...(response.run_id !== undefined && { runId: response.run_id }),
      });
    }
    // A queued message leaves its bubble when the queue event lists it (SET_QUEUE).
    context.sessionsChanged();
  }

  #bubble(text: string, attachments: readonly MessageAttachment[], clientMessageId: string): ChatMessage {
    const nowMs = this.#context.now();
    return {
      ...(attachments.length > 0 && { attachments: [...attachments] }),
      id: `pending:${clientMessageId}`,
      role: "user" as const,
      from: "user",
      to: this.#context.agentId,
      text,
      timestamp: new Date(nowMs).toISOString(),
      timestampMs: nowMs,
      clientMessageId,
      pending: true,
    };
  }

  /** Whether this session (undefined: the new session not created yet) is the one shown. */
  #shows(sessionId: string | undefined): boolean {
    return (
      this.#context.activeSessionId() === sessionId &&
      this.#context.open.state?.sessionId === (sessionId ?? DRAFT_SESSION)
    );
  }
}

/** How a message is sent: the cards attached to it. */
export interface SendOptions {
  attachments?: readonly MessageAttachment[] | undefined;
}

/** A failure as a person reads it: the server's message when it sent one. */
export function describe(error: unknown): string {
  if (error instanceof ApiRequestError) return error.body?.error.message ?? error.message;
  return error instanceof Error ? error.message : String(error);
}
