/**
 * Where an event stream is in the server's log, and which frames it has delivered. It answers one
 * question per frame — deliver it or drop it — so that every seq is delivered at most once, across
 * reconnects, resyncs and a rewind to an earlier snapshot.
 */
export class StreamCursor {
  #seq: number | undefined;
  /** Set when the position came from the first heartbeat of a "live from now" stream: no earlier event was seen. */
  #liveBaseline: number | undefined;
  /** Frames delivered before a rewind, dropped when the replay reaches them again. */
  #skip: { above: number; upTo: number } | undefined;

  constructor(after?: number) {
    this.#seq = after;
  }

  /** The seq to resume after (`?after=`); undefined until a connection told it. */
  get seq(): number | undefined {
    return this.#seq;
  }

  /** A connection without a cursor started at the head: its first heartbeat's seq is where we are. */
  startLive(heartbeatSeq: number): void {
    if (this.#seq !== undefined) return;
    this.#seq = heartbeatSeq;
    this.#liveBaseline = heartbeatSeq;
  }

  /** Whether to deliver this logged frame (false for a duplicate); moves the cursor past it either way. */
  accept(seq: number): boolean {
    if (this.#seq !== undefined && seq <= this.#seq) return false;
    this.#seq = seq;
    const skip = this.#skip;
    if (skip === undefined || seq <= skip.above) return true;
    if (seq >= skip.upTo) this.#skip = undefined;
    return seq > skip.upTo;
  }

  /** Moves past a frame this client could not read, so that no reconnect asks for it again. */
  skipUnreadable(seq: number): void {
    if (this.#seq === undefined || seq > this.#seq) this.#seq = seq;
  }

  /** A resync frame: the server continues from its head, which may even be below our cursor (a reset server). */
  resync(headSeq: number): void {
    this.#seq = headSeq;
    this.#liveBaseline = undefined;
    this.#skip = undefined;
  }

  /**
   * Makes sure everything after `seq` (a snapshot's head) will be delivered: `set` when there was no
   * cursor yet (it is `seq` now); `rewound` when the stream started live past `seq`, so the gap must be
   * replayed from `seq` (frames already delivered are then dropped); `ok` when nothing needs to change.
   */
  coverFrom(seq: number): "ok" | "set" | "rewound" {
    if (this.#seq === undefined) {
      this.#seq = seq;
      return "set";
    }
    if (this.#liveBaseline === undefined || seq >= this.#liveBaseline) return "ok";
    this.#skip = { above: this.#liveBaseline, upTo: this.#seq };
    this.#seq = seq;
    this.#liveBaseline = seq;
    return "rewound";
  }
}
