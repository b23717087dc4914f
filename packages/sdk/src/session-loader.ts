import type { StoredMessage } from "@parley/protocol";
import { ApiRequestError } from "./api-request-error.ts";
import { isUnknownKind, unknownKindWarning } from "./cards/rich-card.ts";
import type { ChatAction } from "./chat-actions.ts";
import type { SessionChatState } from "./chat-state.ts";
import type { OpenSession, SessionLoad } from "./open-session.ts";
import type { ParleyClient } from "./parley-client.ts";

/** What a SessionLoader needs from its store. */
export interface SessionLoaderContext {
  client: ParleyClient;
  open: OpenSession;
  /** Messages per page. */
  pageSize: number;
  activeSessionId(): string | undefined;
  /** A snapshot (plus the events buffered meanwhile) is shown; events after `headSeq` must reach it. */
  loaded(session: SessionChatState, headSeq: number): void;
  /** The session no longer exists (404). */
  gone(sessionId: string): void;
  failed(what: string, error: unknown): void;
  dispatch(action: ChatAction): void;
  /** Messages of kinds this client does not know (shown as text) are reported here. */
  warn(message: string): void;
}

/**
 * Loads session snapshots into the open session: buffers the session's events while the snapshot is in
 * flight, drops a snapshot that arrives after the user moved on (no cross-wired sessions), folds refetches
 * asked for during a load into one more load, and pages back through older messages.
 */
export class SessionLoader {
  readonly #context: SessionLoaderContext;
  #older: Promise<void> | undefined;

  constructor(context: SessionLoaderContext) {
    this.#context = context;
  }

  /**
   * Fetches and shows a session's snapshot. `keepCurrent` keeps showing (and updating) the current state
   * meanwhile; a refetch asked for during a load runs once more after it, unless `restart` starts afresh.
   */
  load(sessionId: string, keepCurrent: boolean, restart = false): Promise<void> {
    const running = this.#context.open.load;
    if (running?.sessionId === sessionId && keepCurrent && !restart) {
      running.again = true;
      return running.done;
    }
    const load = this.#context.open.beginLoad(sessionId);
    load.done = this.#fetch(load, keepCurrent);
    return load.done;
  }

  /** Loads the page before the oldest message shown; a call while one is in flight joins it. */
  loadOlder(): Promise<void> {
    this.#older ??= this.#fetchOlder().finally(() => {
      this.#older = undefined;
    });
    return this.#older;
  }

  async #fetch(load: SessionLoad, keepCurrent: boolean): Promise<void> {
    const { client, open, pageSize } = this.#context;
    const { sessionId } = load;
    try {
      const snapshot = await client.getSessionState(sessionId, { limit: pageSize });
      if (!open.owns(load) || this.#context.activeSessionId() !== sessionId) return;
      this.#warnUnknownKinds(snapshot.messages);
      this.#context.loaded(open.finishLoad(load, snapshot, keepCurrent), snapshot.head_seq);
      if (load.again) await this.load(sessionId, true);
    } catch (error) {
      if (!open.owns(load)) return;
      open.abandonLoad(load);
      if (error instanceof ApiRequestError && error.status === 404) this.#context.gone(sessionId);
      else this.#context.failed("Could not load the session", error);
    }
  }

  #warnUnknownKinds(messages: readonly StoredMessage[]): void {
    for (const message of messages) {
      if (isUnknownKind(message.rich.kind))
        this.#context.warn(unknownKindWarning(message.id, message.rich.kind));
    }
  }

  async #fetchOlder(): Promise<void> {
    const session = this.#context.open.state;
    if (session === undefined || !session.hasOlder || session.oldestPosition === undefined) return;
    try {
      const page = await this.#context.client.getMessages(session.sessionId, {
        beforePosition: session.oldestPosition,
        limit: this.#context.pageSize,
      });
      if (this.#context.open.state?.sessionId !== session.sessionId) return;
      this.#warnUnknownKinds(page.messages);
      this.#context.dispatch({
        type: "LOAD_OLDER",
        messages: page.messages,
        hasOlder: page.has_more_messages,
      });
    } catch (error) {
      this.#context.failed("Could not load older messages", error);
    }
  }
}
