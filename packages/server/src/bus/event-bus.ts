import { type ServerEvent, toUiSseMessage, UI_SSE_WIRE_REVISION } from "@parley/protocol";
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
  #pending: ServerEvent[] = [];
  /** Events appended in the open transaction, delivered as one batch after it commits. */
  #committing: LiveEvent[] | undefined;
  #flushScheduled = false;
  /** After a failed commit, queued events wait until this time before the next attempt. */
  #retryAtMs = 0;

  constructor(log: EventLog, transactor: Transactor, now: () => number = Date.now) {
    this.#log = log;
    this.#transactor = transactor;
    this.#now = now;
  }

  /** Highest seq committed so far. */
  get head(): number {
    return this.#log.head;
  }

  /** Adds a listener for committed events; returns the function that removes it. */
  subscribe(listener: EventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Inside a unit of work: stores the event now and delivers it after commit. Outside one: queues it for
   * the next group commit (within the current event-loop turn).
   */
  publish(event: ServerEvent): void {
    if (this.#transactor.inTransaction) {
      const pending = this.#takePendingUntilCommit();
      this.#appendInTransaction(pending.length === 0 ? [event] : [...pending, event]);
      return;
    }
    this.#enqueue(event);
  }

  /**
   * Commits every queued event now. A failed commit (a full disk) must not take the server down: the events
   * stay queued and the commit is retried a second later.
   */
  flush(): void {
    if (this.#pending.length === 0) return;
    try {
      this.#transactor.run(() => this.#appendInTransaction(this.#takePendingUntilCommit()));
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

  #scheduleFlush(): void {
    if (this.#flushScheduled) return;
    this.#flushScheduled = true;
    const run = () => {
      this.#flushScheduled = false;
      this.flush();
    };
    const wait = this.#retryAtMs - Date.now();
    if (wait > 0) setTimeout(run, wait).unref();
    else setImmediate(run);
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
    for (const listener of this.#listeners) listener(events);
  }
}

function toAppend(event: ServerEvent, tsMs: number): EventToAppend & { event: ServerEvent } {
  return {
    event,
    sessionId: event.session_id ?? null,
    runId: "run_id" in event && typeof event.run_id === "string" ? event.run_id : null,
    tsMs,
    isToken: event.type === "Token",
    longText: event.type === "Token" ? undefined : longestString(event),
    frame: frameOf(event, tsMs),
  };
}

/**
 * Serialized once: the log stores these bytes and every SSE client is sent the same ones. Returned from here
 * rather than written inline as `frame: (seq) => …` because a named closure made per event costs a
 * `defineProperty` of its name per token where the sources run through tsx (the benches, the tests).
 */
function frameOf(event: ServerEvent, tsMs: number): (seq: number) => string {
  return (seq) => JSON.stringify(toUiSseMessage(event, { seq, rev: WIRE_REVISION, ts_ms: tsMs }));
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
