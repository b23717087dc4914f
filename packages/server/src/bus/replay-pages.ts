import type { EventLog } from "../store/event-log.ts";

/**
 * A run of consecutive logged events as they go on the wire: every frame encoded once into one buffer, so
 * a connection sends any stretch of it as a zero-copy slice.
 */
export interface ReplayPage {
  /** Seq of each event, in order. */
  seqs: number[];
  /** Byte offset in `bytes` where each event's frame ends. */
  ends: number[];
  bytes: Buffer;
}

/** How replay pages are cut and how many bytes of them are kept for other clients. */
export interface ReplayPageOptions {
  /** Most events in one page. */
  pageSize: number;
  /** A page stops once its frames reach this many bytes (a single larger event still makes a page). */
  pageBytes: number;
  /** Bytes of pages kept for reuse; older pages are dropped first. */
  cacheBytes: number;
  /**
   * A page nobody has read for this long is dropped: clients replaying together read the same pages within
   * moments of each other, so an idle server holds no replay pages instead of a full cache for ever.
   */
  idleMs: number;
  now?: () => number;
}

interface CachedPage {
  page: ReplayPage;
  usedAtMs: number;
}

/**
 * Reads the event log in pages bounded by count and by bytes, and shares each page among the clients that
 * replay the same range: ten tabs reconnecting from seq 0 cost one read and one encoding of each page, not
 * ten. A page after cursor C holds exactly the events in (C, last seq], which never changes once read
 * (the log only grows; pruning removes old events, which are still correct to replay), so a cached page is
 * always valid. Pages are keyed by cursor and session filter; clients starting from the same cursor stay
 * aligned on the same page boundaries.
 */
export class ReplayPages {
  readonly #log: EventLog;
  readonly #options: ReplayPageOptions;
  readonly #cache = new Map<string, CachedPage>();
  readonly #now: () => number;
  #cachedBytes = 0;

  constructor(log: EventLog, options: ReplayPageOptions) {
    this.#log = log;
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** The page of events after `after` (for one session, or all when undefined); undefined when none. */
  after(after: number, sessionId: string | undefined): ReplayPage | undefined {
    const key = `${sessionId ?? "*"}:${after}`;
    const nowMs = this.#now();
    this.#dropIdle(nowMs);
    const cached = this.#cache.get(key);
    if (cached !== undefined) {
      // Most recently used last: eviction takes from the front.
      this.#cache.delete(key);
      this.#cache.set(key, { page: cached.page, usedAtMs: nowMs });
      return cached.page;
    }
    const events = this.#log.readPage(after, {
      maxEvents: this.#options.pageSize,
      maxBytes: this.#options.pageBytes,
      sessionId,
    });
    if (events.length === 0) return undefined;
    const frames = events.map((event) => Buffer.from(`id: ${event.seq}\ndata: ${event.frame}\n\n`));
    const ends: number[] = [];
    let end = 0;
    for (const frame of frames) {
      end += frame.byteLength;
      ends.push(end);
    }
    const page: ReplayPage = {
      seqs: events.map((event) => event.seq),
      ends,
      bytes: frames.length === 1 ? (frames[0] as Buffer) : Buffer.concat(frames, end),
    };
    this.#remember(key, page, nowMs);
    return page;
  }

  /** Bytes currently cached (for measurements). */
  get cachedBytes(): number {
    return this.#cachedBytes;
  }

  #remember(key: string, page: ReplayPage, nowMs: number): void {
    const size = page.bytes.byteLength;
    if (size > this.#options.cacheBytes / 4) return;
    this.#cache.set(key, { page, usedAtMs: nowMs });
    this.#cachedBytes += size;
    for (const [oldest, dropped] of this.#cache) {
      if (this.#cachedBytes <= this.#options.cacheBytes) break;
      this.#drop(oldest, dropped);
    }
  }

  /** Drops the least recently used pages while they have been idle too long. */
  #dropIdle(nowMs: number): void {
    for (const [oldest, cached] of this.#cache) {
      if (nowMs - cached.usedAtMs < this.#options.idleMs) break;
      this.#drop(oldest, cached);
    }
  }

  #drop(key: string, cached: CachedPage): void {
    this.#cache.delete(key);
    this.#cachedBytes -= cached.page.bytes.byteLength;
  }
}
