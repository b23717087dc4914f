import type { LockManagerLike } from "./tab-channel.ts";

/** What a LeadLock tells its tab. */
export interface LeadLockEvents {
  /** The lock is this tab's: it leads until `release` or `lost`. */
  granted: () => void;
  /** Another tab stole the lock (its `request({steal: true})`): this tab no longer leads. */
  lost: () => void;
}

interface Claim {
  steal: boolean;
  held: boolean;
  abort: (() => void) | undefined;
  release: () => void;
}

/**
 * One tab's claim on the leader lock of a shared stream: queued behind the other tabs' claims, or taken
 * at once from the holder by `steal` (Web Locks release a stolen lock and reject the holder's request with
 * an AbortError; the browser refuses `signal` together with `steal`, so a stealing claim cannot be
 * withdrawn before it is granted).
 */
export class LeadLock {
  readonly #locks: LockManagerLike;
  readonly #name: string;
  readonly #events: LeadLockEvents;
  #claim: Claim | undefined;

  constructor(locks: LockManagerLike, name: string, events: LeadLockEvents) {
    this.#locks = locks;
    this.#name = name;
    this.#events = events;
  }

  /** Waits in line for the lock, unless this tab already claims it. */
  request(): void {
    if (this.#claim === undefined) this.#claim = this.#ask(false);
  }

  /** Takes the lock from whichever tab holds it, ahead of every waiting tab. */
  steal(): void {
    const claim = this.#claim;
    if (claim?.held || claim?.steal) return;
    claim?.abort?.();
    this.#claim = this.#ask(true);
  }

  /** Leaves the line, or lets the lock go to the next tab in it. */
  release(): void {
    const claim = this.#claim;
    this.#claim = undefined;
    claim?.abort?.();
    claim?.release();
  }

  #ask(steal: boolean): Claim {
    const controller = steal ? undefined : new AbortController();
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const claim: Claim = { steal, held: false, abort: controller && (() => controller.abort()), release };
    this.#locks
      .request(this.#name, controller ? { signal: controller.signal } : { steal: true }, async () => {
        // A claim given up before its turn came lets the lock go at once.
        if (this.#claim !== claim) return;
        claim.held = true;
        this.#events.granted();
        await released;
      })
      .catch(() => {
        // Only a held claim that is still this tab's was stolen; anything else was withdrawn here.
        if (this.#claim !== claim || !claim.held) return;
        this.#claim = undefined;
        claim.release();
        this.#events.lost();
      });
    return claim;
  }
}
