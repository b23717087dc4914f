import { type HeartbeatFrame, type ResyncEvent, toUiSseMessage } from "@parley/protocol";
import type { EventLog, LoggedEvent } from "../store/event-log.ts";
import { type EventBus, WIRE_REVISION } from "./event-bus.ts";
import { type HeartbeatTarget, joinHeartbeats, leaveHeartbeats } from "./heartbeat-ticker.ts";
import type { ReplayPage, ReplayPages } from "./replay-pages.ts";
import type { SseSink } from "./sse-sink.ts";

/** Tunables of one SSE connection; defaults suit a local server, tests shorten them. */
export interface SseConnectionOptions {
  /** Send a heartbeat data frame this often (the WHATWG spec suggests ≤ 15 s). */
  heartbeatMs: number;
  /** A client whose socket has not drained within this time is cut off; it resumes by cursor. */
  drainTimeoutMs: number;
  /** The client's byte budget: frames are never queued beyond this many unsent bytes for one client. */
  maxBufferedBytes: number;
  /** Most events read from the log per catch-up page. */
  pageSize: number;
  /** A catch-up page stops once it holds this many bytes of frames. */
  pageBytes: number;
  now: () => number;
}

/** Where the client wants to resume: after `cursor`, or live from now when absent. */
export interface SseStart {
  cursor: number | undefined;
  sessionId: string | undefined;
}

const encoder = new TextEncoder();
const encoded = new WeakMap<LoggedEvent, Uint8Array>();
/**
 * The last commit's frames as one chunk. Every connection takes a commit in the same synchronous delivery
 * loop, so one slot shares it among them as a WeakMap did, without an entry per commit for the collector;
 * the slot is emptied once that loop is over, so an idle server keeps no commit alive (a connection that
 * still has to send it holds its own reference).
 */
let lastBatch: { events: readonly LoggedEvent[]; bytes: Uint8Array } | undefined;

/** A commit whose events belong to more than one session (besides global events). */
const MIXED_SESSIONS = Symbol("mixed sessions");
const batchSessions = new WeakMap<readonly LoggedEvent[], string | null | typeof MIXED_SESSIONS>();

/**
 * The one session a commit's events belong to, null when all are global: worked out once per commit, not
 * once per connection and event (1,000 clients of a 50-event commit were 50,000 checks).
 */
function batchSession(events: readonly LoggedEvent[]): string | null | typeof MIXED_SESSIONS {
  let session = batchSessions.get(events);
  if (session === undefined) {
    session = null;
    for (const event of events) {
      if (event.sessionId === null || event.sessionId === session) continue;
      if (session !== null) {
        session = MIXED_SESSIONS;
        break;
      }
      session = event.sessionId;
    }
    batchSessions.set(events, session);
  }
  return session;
}

/** An event's frame as sent, encoded once however many connections send the same committed event. */
function wireBytes(event: LoggedEvent): Uint8Array {
  let bytes = encoded.get(event);
  if (bytes === undefined) {
    bytes = encoder.encode(`id: ${event.seq}\ndata: ${event.frame}\n\n`);
    encoded.set(event, bytes);
  }
  return bytes;
}

/**
 * A whole commit's frames as one chunk, built once for every connection that takes the whole commit: one
 * socket write per commit, and clients that stall on the same commits hold the same bytes, not copies.
 */
function batchBytes(events: readonly LoggedEvent[]): Uint8Array {
  if (lastBatch?.events === events) return lastBatch.bytes;
  // One string and one encoding for the whole commit: no per-event buffer to allocate and collect.
  let text = "";
  for (const event of events) text += `id: ${event.seq}\ndata: ${event.frame}\n\n`;
  if (lastBatch === undefined) queueMicrotask(forgetLastBatch);
  lastBatch = { events, bytes: Buffer.from(text) };
  return lastBatch.bytes;
}

function forgetLastBatch(): void {
  lastBatch = undefined;
}

/** Lets other work run between replay pages, so a long replay never holds the event loop. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One `GET /api/events` stream. It first replays the log after the client's cursor, page by page at the
 * client's pace, then switches to live delivery in the same tick as the read that found nothing left, so
 * nothing falls in the seam. Every frame carries its seq as the SSE `id:`.
 *
 * Frames go into a byte-counted ReadableStream that the HTTP layer drains only as fast as the socket
 * accepts, so the queue size is exact backpressure: a client over its byte budget goes back to reading
 * from the log instead of growing a buffer, and one that stays over it is cut off (it resumes by cursor).
 * Replay reads pages bounded by count and bytes, shared among clients replaying the same range, and
 * yields to the event loop between pages. Live commits and replay pages go out as shared chunks (zero-copy
 * slices where a client takes part of one), so stalled clients on the same events hold one copy.
 */
export class SseConnection implements HeartbeatTarget {
  readonly #log: EventLog;
  readonly #pages: ReplayPages;
  readonly #bus: EventBus;
  readonly #options: SseConnectionOptions;
  readonly #sessionId: string | undefined;
  readonly #sink: SseSink;
  #drainWaiters: ((drained: boolean) => void)[] = [];
  #cursor = 0;
  #live = false;
  #closed = false;
  readonly #onFrames: (events: readonly LoggedEvent[]) => void;
  readonly #onClose: () => void;

  /** Starts streaming to `sink` at once (its response headers are already out). */
  constructor(
    log: EventLog,
    pages: ReplayPages,
    bus: EventBus,
    sink: SseSink,
    start: SseStart,
    options: SseConnectionOptions,
    onClose: () => void,
  ) {
    this.#log = log;
    this.#pages = pages;
    this.#bus = bus;
    this.#options = options;
    this.#sessionId = start.sessionId;
    this.#onClose = onClose;
    this.#sink = sink;
    this.#onFrames = (events) => this.#onLive(events);
    sink.onDrain(() => this.#resolveDrain(true));
    sink.onClose(() => this.#shutdown());
    this.#open(start.cursor);
  }

  /** Ends the stream normally (server shutdown); the client reconnects with its cursor. */
  close(): void {
    if (this.#closed) return;
    this.#sink.end();
    this.#shutdown();
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Bytes queued for this client and not yet taken by its socket. */
  get bufferedBytes(): number {
    return this.#sink.bufferedBytes;
  }

  /** Bytes that may still be written before the client is over its budget. */
  #room(): number {
    return this.#options.maxBufferedBytes - this.#sink.bufferedBytes;
  }

  #open(requested: number | undefined): void {
    // Flush headers and prove liveness at once, so proxies do not time out a quiet stream.
    this.#enqueue("retry: 1000\n\n");
    this.#bus.subscribeFrames(this.#onFrames);
    joinHeartbeats(this.#options.heartbeatMs, this);

    // A cursor from another server sharing the log may be ahead of what this one has seen yet.
    const head =
      requested !== undefined && requested > this.#log.head ? this.#log.refreshHead() : this.#log.head;
    if (requested === undefined) {
      this.#cursor = head;
    } else if (requested > head) {
      this.#resync(head, { reason: "cursor_ahead", lagged_count: 0 });
    } else if (requested < this.#log.floor - 1) {
      this.#resync(head, { reason: "cursor_expired", lagged_count: this.#log.floor - 1 - requested });
    } else {
      this.#cursor = requested;
    }
    this.heartbeat();
    void this.#catchUp();
  }

  /** The client's state is older than the log can replay: tell it to refetch, then continue from the head. */
  #resync(head: number, detail: Pick<ResyncEvent, "reason" | "lagged_count">): void {
    const event: ResyncEvent = { type: "Resync", ...detail };
    if (this.#sessionId !== undefined) event.session_id = this.#sessionId;
    const frame = toUiSseMessage(event, {
      id: `resync_${head}`,
      seq: head,
      rev: WIRE_REVISION,
      ts_ms: this.#options.now(),
    });
    this.#enqueue(`id: ${head}\ndata: ${JSON.stringify(frame)}\n\n`);
    this.#cursor = head;
  }

  async #catchUp(): Promise<void> {
    this.#live = false;
    try {
      while (!this.#closed) {
        const page = this.#pages.after(this.#cursor, this.#sessionId);
        if (page === undefined) {
          this.#live = true; // same tick as the empty read: every later event arrives through #onLive
          return;
        }
        if (!(await this.#sendPage(page))) return;
        await yieldToEventLoop();
      }
    } catch (error) {
      // The log could not be read (the database went away): a stream left waiting would never be live
      // again, so it ends, and the client resumes from its cursor when it reconnects.
      console.error(
        `parley: an event stream could not read the log, so it ends: ${(error as Error).message}`,
      );
      this.#cutOff();
    }
  }

  /** Sends the page's events after the cursor, within the budget, waiting for the client to drain. */
  async #sendPage(page: ReplayPage): Promise<boolean> {
    let index = page.seqs.findIndex((seq) => seq > this.#cursor);
    while (index !== -1 && index < page.seqs.length) {
      if (this.#closed) return false;
      if (this.#behind() && !(await this.#drained())) return false;
      let room = this.#room();
      const start = index === 0 ? 0 : (page.ends[index - 1] as number);
      let end = start;
      // At least one event, even one larger than the budget: progress is never blocked by a huge frame.
      do {
        end = page.ends[index] as number;
        room -= end - (index === 0 ? 0 : (page.ends[index - 1] as number));
        this.#cursor = page.seqs[index] as number;
        index++;
      } while (index < page.seqs.length && room > 0);
      this.#sink.write(page.bytes.subarray(start, end));
    }
    return !this.#closed;
  }

  #onLive(events: readonly LoggedEvent[]): void {
    if (!this.#live || this.#closed) return;
    if (this.#writeEvents(events) && !this.#behind()) return;
    // Stop queueing live frames (these are committed); read the rest from the log, once drained if need be.
    this.#live = false;
    if (!this.#behind()) {
      void this.#catchUp();
      return;
    }
    void this.#drained().then((drained) => {
      if (drained) void this.#catchUp();
    });
  }

  #behind(): boolean {
    return this.#room() <= 0;
  }

  /**
   * Queues the live events this client still needs, within its budget. A client that takes the whole
   * commit gets the commit's shared chunk; otherwise each event's shared frame. Returns false when it
   * stopped at the budget; the caller then reads the rest from the log.
   */
  #writeEvents(events: readonly LoggedEvent[]): boolean {
    let room = this.#room();
    if (room > 0 && this.#wantsAll(events)) {
      const bytes = batchBytes(events);
      if (bytes.byteLength <= room || events.length === 1) {
        this.#sink.write(bytes);
        this.#cursor = (events.at(-1) as LoggedEvent).seq;
        return true;
      }
    }
    for (const event of events) {
      if (!this.#wants(event)) continue;
      if (room <= 0) return false;
      const bytes = wireBytes(event);
      this.#sink.write(bytes);
      room -= bytes.byteLength;
      this.#cursor = event.seq;
    }
    return true;
  }

  #wants(event: LoggedEvent): boolean {
    return (
      event.seq > this.#cursor &&
      (this.#sessionId === undefined || event.sessionId === null || event.sessionId === this.#sessionId)
    );
  }

  /** `#wants` of every event of a commit, whose seqs ascend: the first is after the cursor, and the session. */
  #wantsAll(events: readonly LoggedEvent[]): boolean {
    const first = events[0];
    if (first === undefined || first.seq <= this.#cursor) return false;
    if (this.#sessionId === undefined) return true;
    const session = batchSession(events);
    return session === null || session === this.#sessionId;
  }

  /** Proves the stream alive to the client and any proxy, with the last seq it was sent. */
  heartbeat(): void {
    if (this.#closed) return;
    const frame: HeartbeatFrame = {
      id: "heartbeat",
      seq: this.#cursor,
      rev: WIRE_REVISION,
      ts_ms: this.#options.now(),
      kind: "heartbeat",
    };
    this.#enqueue(`data: ${JSON.stringify(frame)}\n\n`);
  }

  #enqueue(text: string): void {
    if (!this.#closed) this.#sink.write(encoder.encode(text));
  }

  /** Resolves true once the client has taken what was queued, false (and cuts it off) after the timeout. */
  #drained(): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#drainWaiters = this.#drainWaiters.filter((waiter) => waiter !== settle);
        this.#cutOff();
        resolve(false);
      }, this.#options.drainTimeoutMs);
      const settle = (drained: boolean) => {
        clearTimeout(timer);
        resolve(drained && !this.#closed);
      };
      this.#drainWaiters.push(settle);
    });
  }

  #resolveDrain(drained: boolean): void {
    // Called as every write leaves the process: nothing to do (and no array to replace) without waiters.
    if (this.#drainWaiters.length === 0) return;
    if (!drained || !this.#behind()) {
      const waiters = this.#drainWaiters;
      this.#drainWaiters = [];
      for (const waiter of waiters) waiter(drained);
    }
  }

  /** A client that stayed over its budget: drop its socket (it resumes by cursor when it reconnects). */
  #cutOff(): void {
    if (this.#closed) return;
    this.#sink.destroy();
    this.#shutdown();
  }

  #shutdown(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#bus.unsubscribeFrames(this.#onFrames);
    leaveHeartbeats(this.#options.heartbeatMs, this);
    this.#resolveDrain(false);
    this.#onClose();
  }
}
