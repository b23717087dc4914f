import {
  type ServerEvent,
  UI_SSE_WIRE_REVISION,
  uiSseFrameText,
  uiSseTokenFrameParts,
} from "@parley/protocol";
import type { EventLog, EventToAppend, LoggedEvent } from "../store/event-log.ts";
import { longestString } from "../store/text-store.ts";
import type { Transactor } from "../store/transactor.ts";

/** A committed event as listeners get it: its logged frame and the typed event it was built from. */
export interface LiveEvent extends LoggedEvent {
  event: ServerEvent;
}

/**
 * Receives committed events, in seq order, right after the transaction that stored them. In-process
 * listeners read `event`; nothing parses a frame back.
 */
export type EventListener = (events: readonly LiveEvent[]) => void;

/**
 * Receives events other servers committed to a shared log (frames only: the typed event stayed with the
 * server that published it), interleaved in seq order with this server's own.
 */
export type ForeignEventListener = (events: readonly LoggedEvent[]) => void;

/** Events read per page when catching up with other servers' commits. */
const FOREIGN_PAGE = 500;

/** Wire format revision carried in every frame's `rev`. */
export const WIRE_REVISION = UI_SSE_WIRE_REVISION;

/**
 * Publishes ServerEvents: each is stored in the durable log in the same transaction that assigns its seq,
 * and only after that commit is it handed to listeners (the SSE connections).
 *
 * Inside a unit of work (`transactor.run`) an event commits atomically with the state change it reports.
 * Outside one (token deltas, activity) events wait for a group commit at the end of the current event-loop
 * turn; adjacent token deltas of the same message are merged first, so coalescing happens before sequencing
 * and replay equals live. Pending events are always flushed before a transactional append, so seqs follow
 * publish order.
 */
export class EventBus {
  readonly #log: EventLog;
  readonly #transactor: Transactor;
  readonly #now: () => number;
  readonly #listeners = new Set<EventListener>();
  readonly #frameListeners = new Set<ForeignEventListener>();
  /** The highest seq handed to listeners (on a shared log, events of other servers included). */
  #delivered: number;
  #pending: ServerEvent[] = [];
  /**
   * Token deltas (and the queued events before them) published in the open unit of work and not stored
   * yet: they are appended together at its edge (`Transactor.setAtEdges`), so its run of deltas is one row.
   */
  #held: ServerEvent[] = [];
  /** Events appended in the open transaction, delivered as one batch after it commits. */
  #committing: LiveEvent[] | undefined;
  #flushScheduled = false;
  #catchUpScheduled = false;
  /** The read of other servers' commits that is out (`#readForeign`); `again` asks for one more after it. */
  #foreignRead: { again: boolean } | undefined;
  #foreignRetry: NodeJS.Timeout | undefined;
  /** After a failed commit, queued events wait until this time before the next attempt. */
  #retryAtMs = 0;

  constructor(log: EventLog, transactor: Transactor, now: () => number = Date.now) {
    this.#log = log;
    this.#transactor = transactor;
    this.#now = now;
    this.#delivered = log.head;
    transactor.setAtEdges(() => this.#appendHeld());
  }

  /** Highest seq committed so far (inside a unit of work: appended so far). */
  get head(): number {
    if (this.#held.length > 0) this.#appendHeld();
    return this.#log.head;
  }

  /** Adds a listener for committed events; returns the function that removes it. */
  subscribe(listener: EventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Adds a listener that takes every committed event as a frame, also those of other servers sharing the
   * log (SSE connections), until `unsubscribeFrames` removes it (no function of its own to remove it: an
   * idle server may hold thousands of streams).
   */
  subscribeFrames(listener: ForeignEventListener): void {
    this.#frameListeners.add(listener);
  }

  unsubscribeFrames(listener: ForeignEventListener): void {
    this.#frameListeners.delete(listener);
  }

  /**
   * On a log shared by several servers: hands listeners what other servers committed since the last
   * delivery, in seq order (through `through`, or all there is). Committed seqs form a gap-free prefix
   * (appends queue on one lock), so reading after the last delivered seq never skips one.
   */
  catchUpForeign(through = Number.POSITIVE_INFINITY): void {
    if (this.#transactor.inTransaction) return;
    while (this.#delivered < through) {
      const limit = Math.min(FOREIGN_PAGE, through - this.#delivered);
      const events = this.#log.readAfter(this.#delivered, limit);
      if (events.length === 0) return;
      this.#deliverForeign(events);
      // A short page is all there was: a commit after it sends its own notification.
      if (events.length < limit) return;
    }
  }

  /** Hands other servers' events (the next seqs after the last delivered) to the frame listeners. */
  #deliverForeign(events: readonly LoggedEvent[]): void {
    this.#delivered = (events.at(-1) as LoggedEvent).seq;
    this.#log.advanceHead(this.#delivered);
    for (const listener of this.#frameListeners) listener(events);
  }

  /**
   * `catchUpForeign` once the notifications that arrived together have been taken: a burst of other servers'
   * commits costs one read of the log, not one each. Where the log reads without blocking (PostgreSQL), the
   * read is awaited and the server goes on serving meanwhile (`#readForeign`).
   */
  catchUpForeignSoon(): void {
    if (this.#foreignRead !== undefined) {
      // A read is out: it may have been sent before this commit was visible, so read once more after it.
      this.#foreignRead.again = true;
      return;
    }
    if (this.#catchUpScheduled) return;
    this.#catchUpScheduled = true;
    setImmediate(() => {
      this.#catchUpScheduled = false;
      if (!this.#log.readsAsync) this.catchUpForeign();
      else void this.#readForeign();
    });
  }

  /**
   * Reads other servers' commits without blocking, page by page, and delivers each page when it arrives.
   * Meanwhile this server may deliver its own commits (and, before them, foreign ones it reads at once), so
   * a page is trimmed to the seqs after the last delivered: what is left starts right after it, since the
   * page began at or before it and committed seqs have no gap.
   */
  async #readForeign(): Promise<void> {
    const read = { again: true };
    this.#foreignRead = read;
    try {
      while (read.again) {
        read.again = false;
        let page: LoggedEvent[];
        try {
          page = (await this.#log.readAfterAsync(this.#delivered, FOREIGN_PAGE)) ?? [];
        } catch (error) {
          this.#retryForeignRead(error as Error);
          return;
        }
        if (page.length === FOREIGN_PAGE) read.again = true;
        const fresh = page.filter((event) => event.seq > this.#delivered);
        if (fresh.length > 0) this.#deliverForeign(fresh);
      }
    } finally {
      this.#foreignRead = undefined;
    }
  }

  /** The database is away: read again a second later, as a failed commit is retried (one retry waits at most). */
  #retryForeignRead(error: Error): void {
    if (this.#foreignRetry !== undefined) return;
    console.error("parley: could not read other servers' events; retrying in 1 s:", error.message);
    this.#foreignRetry = setTimeout(() => {
      this.#foreignRetry = undefined;
      this.catchUpForeignSoon();
    }, 1000).unref();
  }

  /**
   * Inside a unit of work: stores the event in it (a token delta at the unit's edge, with the deltas after
   * it) and delivers it after commit. Outside one: queues it for the next group commit (within the current
   * event-loop turn).
   */
  publish(event: ServerEvent): void {
    if (this.#transactor.inTransaction) {
      const pending = this.#takePendingUntilCommit();
      if (event.type === "Token") {
        this.#hold(pending, event);
        return;
      }
      const held = this.#takeHeld();
      this.#appendInTransaction(pending.length + held.length === 0 ? [event] : [...held, ...pending, event]);
      return;
    }
    this.#enqueue(event);
  }

  /** Keeps a token delta of the open unit (after the queued events it took) for the unit's edge. */
  #hold(pending: readonly ServerEvent[], event: ServerEvent): void {
    if (this.#held.length === 0) {
      // The held events never outlive their unit (or savepoint): if it rolls back, they were never stored.
      this.#transactor.onRollback(() => {
        this.#held = [];
      });
    }
    if (pending.length > 0) this.#held.push(...pending);
    this.#held.push(event);
  }

  #takeHeld(): ServerEvent[] {
    const held = this.#held;
    if (held.length > 0) this.#held = [];
    return held;
  }

  /**
   * Stores the held events (at an edge of the unit of work, or before something reads the head). If storing
   * them fails, they are held again: a caller that catches the failure of a nested unit and goes on must not
   * commit the outer one without them.
   */
  #appendHeld(): void {
    if (this.#held.length === 0) return;
    const held = this.#takeHeld();
    try {
      this.#appendInTransaction(held);
    } catch (error) {
      this.#held = [...held, ...this.#held];
      throw error;
    }
  }

  /**
   * Commits every queued event now. A failed commit (a full disk) must not take the server down: the events
   * stay queued and the commit is retried a second later.
   */
  flush(): void {
    if (this.#pending.length === 0) return;
    try {
      this.#transactor.run(this.#appendPending);
    } catch (error) {
      if (this.#transactor.inTransaction) throw error;
      // The rollback put the events back in the queue; wait before the next attempt instead of spinning.
      this.#retryAtMs = Date.now() + 1000;
      console.error("parley: could not store events; retrying in 1 s:", (error as Error).message);
    }
  }

  #enqueue(event: ServerEvent): void {
    const last = this.#pending.at(-1);
    if (last !== undefined && canMerge(last, event)) {
      this.#pending[this.#pending.length - 1] = { ...last, token: last.token + (event as typeof last).token };
    } else {
      this.#pending.push(event);
    }
    this.#scheduleFlush();
  }

  /** The group commit's work and its scheduled run, made once: a streamed token wakes them every turn. */
  readonly #appendPending = () => this.#appendInTransaction(this.#takePendingUntilCommit());
  readonly #runScheduledFlush = () => {
    this.#flushScheduled = false;
    this.flush();
  };

  #scheduleFlush(): void {
    if (this.#flushScheduled) return;
    this.#flushScheduled = true;
    const wait = this.#retryAtMs - Date.now();
    if (wait > 0) setTimeout(this.#runScheduledFlush, wait).unref();
    else setImmediate(this.#runScheduledFlush);
  }

  /**
   * Inside a transaction: takes the queued events to append with it. They did happen whatever becomes of
   * the unit of work, so if it rolls back they go back to the front of the queue for the next commit.
   */
  #takePendingUntilCommit(): ServerEvent[] {
    const pending = this.#pending;
    this.#pending = [];
    if (pending.length > 0) {
      this.#transactor.onRollback(() => {
        this.#pending = [...pending, ...this.#pending];
        this.#scheduleFlush();
      });
    }
    return pending;
  }

  /** Appends inside the current transaction; all its events are delivered together once it commits. */
  #appendInTransaction(events: readonly ServerEvent[]): void {
    if (events.length === 0) return;
    const tsMs = this.#now();
    const logged: LiveEvent[] = this.#log.append(events.map((event) => toAppend(event, tsMs)));
    const registering = this.#committing === undefined;
    const committing = this.#committing ?? [];
    if (registering) {
      this.#committing = committing;
      this.#transactor.afterCommit(() => {
        this.#committing = undefined;
        this.#deliver(committing);
      });
    }
    committing.push(...logged);
    // If this unit (or a savepoint around it) rolls back, its rows are gone: never deliver them.
    this.#transactor.onRollback(() => {
      const dropped = new Set(logged.map((event) => event.seq));
      const kept = committing.filter((event) => !dropped.has(event.seq));
      committing.splice(0, committing.length, ...kept);
      if (registering) this.#committing = undefined;
      this.#log.resyncHead();
    });
  }

  #deliver(events: readonly LiveEvent[]): void {
    if (events.length === 0) return;
    const first = (events[0] as LiveEvent).seq;
    // Another server committed the seqs before these (seen under the log's lock): deliver them first.
    if (first > this.#delivered + 1 && this.#log.shared) this.catchUpForeign(first - 1);
    this.#delivered = (events.at(-1) as LiveEvent).seq;
    for (const listener of this.#listeners) listener(events);
    for (const listener of this.#frameListeners) listener(events);
  }
}

function toAppend(event: ServerEvent, tsMs: number): EventToAppend & { event: ServerEvent } {
  const sessionId = event.session_id ?? null;
  const runId = "run_id" in event && typeof event.run_id === "string" ? event.run_id : null;
  // A delta's frame in parts, built once from them by the log: the row keeps what a run of deltas shares once.
  if (event.type === "Token") {
    const tokenParts = uiSseTokenFrameParts(event, { rev: WIRE_REVISION, ts_ms: tsMs });
    return { event, sessionId, runId, tsMs, isToken: true, tokenParts };
  }
  return {
    event,
    sessionId,
    runId,
    tsMs,
    isToken: false,
    longText: longestString(event),
    frame: frameOf(event, tsMs),
  };
}

/**
 * Serialized once: the log stores these bytes and every SSE client is sent the same ones. Returned from here
 * rather than written inline as `frame: (seq) => …` because a named closure made per event costs a
 * `defineProperty` of its name per event where the sources run through tsx (the benches, the tests).
 */
function frameOf(event: ServerEvent, tsMs: number): (seq: number) => string {
  return (seq) => uiSseFrameText(event, { seq, rev: WIRE_REVISION, ts_ms: tsMs });
}

/** Two token deltas merge when they continue the same message stream of the same agent. */
function canMerge(
  previous: ServerEvent,
  next: ServerEvent,
): previous is Extract<ServerEvent, { type: "Token" }> {
  return (
    previous.type === "Token" &&
    next.type === "Token" &&
    !next.reset &&
    !previous.done &&
    !next.done &&
    previous.agent_id === next.agent_id &&
    previous.session_id === next.session_id &&
    previous.message_id === next.message_id &&
    previous.thinking === next.thinking &&
    previous.run_id === next.run_id
  );
}
