import type { AnyUiSseMessage } from "@parley/protocol";

/**
 * The recent frames of the shared event stream that a tab holds, to replay to a tab that joins late (it
 * loaded a snapshot at `head_seq` N and needs every frame after N). The ring knows which range it covers:
 * every frame the stream delivers with a seq above `floor` is held, up to `top`. Dropping the oldest frame
 * when full raises the floor, so a request from below it is answered "not covered" rather than with a gap.
 */
export class FrameRing {
  readonly #capacity: number;
  /** In seq order, each seq once. */
  #frames: AnyUiSseMessage[] = [];
  #floor: number | undefined;
  #top: number | undefined;

  constructor(capacity: number) {
    this.#capacity = Math.max(1, capacity);
  }

  /** Every frame with a seq above this is held; undefined while the ring does not know where it starts. */
  get floor(): number | undefined {
    return this.#floor;
  }

  /** The furthest point of the stream the ring has seen (a frame's seq, or a position without frames). */
  get top(): number | undefined {
    return this.#top;
  }

  /** Whether the ring can replay everything after `seq`. */
  covers(seq: number): boolean {
    return this.#floor !== undefined && seq >= this.#floor;
  }

  /** The stream is at `seq` and every later frame will come here; true when this gave the ring its start. */
  position(seq: number): boolean {
    if (this.#floor !== undefined) return false;
    this.#floor = seq;
    this.#top = Math.max(this.#top ?? seq, seq);
    return true;
  }

  /**
   * Holds a frame of the stream. A ring without a start begins just below its first frame: frames reach a
   * tab in the stream's order, so everything after that one will come here too.
   */
  add(frame: AnyUiSseMessage): void {
    if (this.#floor === undefined) this.position(frame.seq - 1);
    if (frame.seq <= (this.#floor as number)) return;
    this.#top = Math.max(this.#top ?? frame.seq, frame.seq);
    const last = this.#frames.at(-1);
    if (last === undefined || last.seq < frame.seq) this.#frames.push(frame);
    else {
      const index = this.#frames.findIndex((held) => held.seq >= frame.seq);
      if (this.#frames[index]?.seq === frame.seq) return;
      this.#frames.splice(index, 0, frame);
    }
    if (this.#frames.length > this.#capacity) this.#floor = this.#frames.shift()?.seq;
  }

  /** The held frames after `seq`, in seq order. */
  after(seq: number): AnyUiSseMessage[] {
    const start = this.#frames.findIndex((frame) => frame.seq > seq);
    return start === -1 ? [] : this.#frames.slice(start);
  }

  /** After a resync the stream continues from `seq`: nothing before it is worth replaying. */
  reset(seq: number): void {
    this.#frames = [];
    this.#floor = seq;
    this.#top = seq;
  }

  /** Forgets everything, e.g. when this tab stopped listening and may have missed frames. */
  clear(): void {
    this.#frames = [];
    this.#floor = undefined;
    this.#top = undefined;
  }
}
