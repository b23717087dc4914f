import type { SessionState } from "@parley/protocol";
import type { ChatAction } from "./chat-actions.ts";
import { chatReducer } from "./chat-reducer.ts";
import type { SessionChatState } from "./chat-state.ts";
import { emptySessionState } from "./session-snapshot.ts";

/** A snapshot fetch in flight, with the session's events that arrived meanwhile. */
export interface SessionLoad {
  readonly sessionId: string;
  readonly buffer: { seq: number; actions: ChatAction[] }[];
  /** Another refetch was asked for while this one ran. */
  again: boolean;
  done: Promise<void>;
}

/**
 * The chat state of the open session. Actions queue up and are applied as one batch when the state is
 * read (once per frame); while a snapshot loads, the session's events are buffered so they can be applied
 * on top of it, exactly once each.
 */
export class OpenSession {
  #state: SessionChatState | undefined;
  #queued: ChatAction[] = [];
  #load: SessionLoad | undefined;
  /** While a message creates a session: events of sessions other than the shown one, by session. */
  #newSessions: Map<string, { seq: number; actions: ChatAction[] }[]> | undefined;
  #newSessionsComplete = true;

  /** The state with every queued action applied (one copy for the whole batch). */
  get state(): SessionChatState | undefined {
    if (this.#state !== undefined && this.#queued.length > 0) {
      const actions = this.#queued;
      this.#queued = [];
      this.#state = chatReducer(
        this.#state,
        actions.length === 1 ? (actions[0] as ChatAction) : { type: "BATCH", actions },
      );
    }
    return this.#state;
  }

  /** The snapshot fetch in flight, if any. */
  get load(): SessionLoad | undefined {
    return this.#load;
  }

  /** Shows this state (or nothing), dropping queued actions and any load in flight. */
  replace(state: SessionChatState | undefined): void {
    this.#state = state;
    this.#queued = [];
    this.#load = undefined;
  }

  /** Queues an action; false when no session is shown. */
  dispatch(action: ChatAction): boolean {
    if (this.#state === undefined) return false;
    this.#queued.push(action);
    return true;
  }

  /**
   * Routes one event: buffered for a load of its session, queued when its session is the one shown, and
   * kept aside while a message is creating a session whose id is not known yet.
   */
  acceptEvent(sessionId: string, seq: number, actions: ChatAction[]): boolean {
    if (this.#load?.sessionId === sessionId) this.#load.buffer.push({ seq, actions });
    if (this.#state?.sessionId !== sessionId) {
      if (this.#newSessions !== undefined) {
        const events = this.#newSessions.get(sessionId) ?? [];
        events.push({ seq, actions });
        this.#newSessions.set(sessionId, events);
      }
      return false;
    }
    return this.dispatch({ type: "APPLY_EVENT", seq, actions });
  }

  /**
   * A message is about to create a session: keep every other session's events until its id is known.
   * The session is new, so its events from the first one on are all it holds.
   */
  watchNewSessions(): void {
    this.#newSessions = new Map();
    this.#newSessionsComplete = true;
  }

  /** The stream skipped events (a resync): the events kept aside may miss some. */
  newSessionEventsMissed(): void {
    if (this.#newSessions !== undefined) this.#newSessionsComplete = false;
  }

  /**
   * The new session's id is known: the shown draft becomes it, and its events so far apply in order.
   * Returns false when some of them may be missing (a resync meanwhile), so its snapshot must be loaded.
   */
  adoptNewSession(sessionId: string): boolean {
    const events = this.#newSessions?.get(sessionId) ?? [];
    const complete = this.#newSessionsComplete;
    this.#newSessions = undefined;
    if (this.state === undefined) return complete;
    this.#state = { ...(this.#state as SessionChatState), sessionId };
    for (const { seq, actions } of events) this.dispatch({ type: "APPLY_EVENT", seq, actions });
    return complete;
  }

  /** The session was not created (the message failed): stop keeping events aside. */
  stopWatchingNewSessions(): void {
    this.#newSessions = undefined;
  }

  /** Starts buffering a session's events for a snapshot about to be fetched. */
  beginLoad(sessionId: string): SessionLoad {
    const load: SessionLoad = { sessionId, buffer: [], again: false, done: Promise.resolve() };
    this.#load = load;
    return load;
  }

  /** Whether `load` is still the current one (a newer open or load did not replace it). */
  owns(load: SessionLoad): boolean {
    return this.#load === load;
  }

  /**
   * Shows the snapshot plus the buffered events newer than its `head_seq`. With `keepCurrent` the state
   * shown so far is the base (its optimistic bubbles survive); otherwise the session starts afresh.
   */
  finishLoad(load: SessionLoad, snapshot: SessionState, keepCurrent: boolean): SessionChatState {
    const base = (keepCurrent ? this.state : undefined) ?? emptySessionState(load.sessionId);
    const loaded = chatReducer(base, { type: "LOAD_STATE", snapshot });
    const buffered = load.buffer.map(
      ({ seq, actions }): ChatAction => ({ type: "APPLY_EVENT", seq, actions }),
    );
    this.replace(chatReducer(loaded, { type: "BATCH", actions: buffered }));
    return this.#state as SessionChatState;
  }

  /** Forgets a load that failed. */
  abandonLoad(load: SessionLoad): void {
    if (this.#load === load) this.#load = undefined;
  }
}
