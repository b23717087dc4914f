import type { ChatStoreState } from "@parley/sdk";

/** What a FramedStore reads: any store with a snapshot and change listeners. */
export interface SnapshotSource {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ChatStoreState;
}

/** One frame at Ink's default 30 frames a second: the terminal is never drawn more often than this. */
export const FRAME_MS = Math.ceil(1000 / 30);

/**
 * The store as the screen sees it: changes are published at most once a frame, so a burst of streamed
 * tokens costs one render, one layout and one write however many tokens it holds. A change after a quiet
 * frame is published at once (a key's answer never waits); later ones in the same frame are published
 * together at its end. The snapshot stays the same between publications, as React's
 * `useSyncExternalStore` requires. With `frameMs` 0 every change is published as it happens.
 */
export class FramedStore {
  readonly #source: SnapshotSource;
  readonly #frameMs: number;
  readonly #listeners = new Set<() => void>();
  #snapshot: ChatStoreState | undefined;
  #lastPublishedAt = Number.NEGATIVE_INFINITY;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #unsubscribe: (() => void) | undefined;

  readonly #now: () => number;

  constructor(source: SnapshotSource, frameMs: number, now: () => number = () => performance.now()) {
    this.#source = source;
    this.#frameMs = frameMs;
    this.#now = now;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    if (this.#unsubscribe === undefined) {
      this.#unsubscribe = this.#source.subscribe(this.#changed);
      // What changed between the first render and now is published as the subscriber checks it.
      this.#snapshot = this.#source.getSnapshot();
    }
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size > 0) return;
      this.#unsubscribe?.();
      this.#unsubscribe = undefined;
      if (this.#timer !== undefined) clearTimeout(this.#timer);
      this.#timer = undefined;
    };
  };

  readonly getSnapshot = (): ChatStoreState => {
    // Nobody listens yet (the first render): show the store as it is.
    if (this.#unsubscribe === undefined || this.#snapshot === undefined)
      this.#snapshot = this.#source.getSnapshot();
    return this.#snapshot;
  };

  readonly #changed = (): void => {
    if (this.#timer !== undefined) return;
    const wait = this.#lastPublishedAt + this.#frameMs - this.#now();
    if (wait <= 0) this.#publish();
    else this.#timer = setTimeout(this.#publish, wait);
  };

  readonly #publish = (): void => {
    this.#timer = undefined;
    this.#lastPublishedAt = this.#now();
    const next = this.#source.getSnapshot();
    if (next === this.#snapshot) return;
    this.#snapshot = next;
    for (const listener of [...this.#listeners]) listener();
  };
}
