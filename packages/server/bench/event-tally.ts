/** Where a frame that carries an event starts: Parley sends every committed event with its seq as `id:`. */
const ID_LINE = Buffer.from("\nid: ");

/**
 * Counts the events each of the bench's SSE clients has received against a running total of what has been
 * published. A round's target is added to the total, not counted from zero: the publisher's first commit
 * may reach a client before the bench's message announcing the round does (two pipes, no order between
 * them), and a count reset then would lose it and wait for ever. A client is counted once per round, when
 * a read brings it to the target, so frames without events (heartbeats) never count it again.
 */
export class EventTally {
  readonly #frames: number[] = [];
  /** Each client's last bytes, so a marker split across two reads is still counted once. */
  readonly #tails: Buffer[] = [];
  #target = Number.POSITIVE_INFINITY;
  #published = 0;
  #reached = 0;

  /** A new client; returns its index. */
  add(): number {
    this.#frames.push(0);
    this.#tails.push(Buffer.from("\n"));
    return this.#frames.length - 1;
  }

  /** Starts a round of `events` more for every client; true when every one has them already. */
  expect(events: number): boolean {
    this.#published += events;
    this.#target = this.#published;
    this.#reached = this.#frames.filter((frames) => frames >= this.#target).length;
    return this.#reached === this.#frames.length;
  }

  /** Counts a read of client `index`'s stream; true when it brought the last client to the round's target. */
  receive(index: number, chunk: Buffer): boolean {
    const before = this.#frames[index] as number;
    const data = Buffer.concat([this.#tails[index] as Buffer, chunk]);
    let frames = before;
    let from = 0;
    for (let at = data.indexOf(ID_LINE); at !== -1; at = data.indexOf(ID_LINE, from)) {
      frames++;
      from = at + ID_LINE.length;
    }
    this.#frames[index] = frames;
    this.#tails[index] = data.subarray(Math.max(from, data.length - (ID_LINE.length - 1)));
    if (before >= this.#target || frames < this.#target) return false;
    this.#reached++;
    return this.#reached === this.#frames.length;
  }
}
