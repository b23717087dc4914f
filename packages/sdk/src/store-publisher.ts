import type { RenderScheduler } from "./render-scheduler.ts";

/**
 * Holds a store's immutable state and publishes it: changes accumulate, and subscribers hear about them
 * at most once per scheduled frame (or at once on `publish`). `getSnapshot`-style readers see only
 * published states, so a burst of changes never makes React render in between (vercel/ai#6166).
 */
export class StorePublisher<S extends object> {
  readonly #schedule: RenderScheduler;
  readonly #listeners = new Set<() => void>();
  readonly #beforePublish: () => void;
  #state: S;
  #published: S;
  #scheduled = false;

  /** `beforePublish` runs first at each publish, to fold pending changes into the state. */
  constructor(initial: S, schedule: RenderScheduler, beforePublish: () => void = () => {}) {
    this.#state = initial;
    this.#published = initial;
    this.#schedule = schedule;
    this.#beforePublish = beforePublish;
  }

  /** The latest state, published or not. */
  get state(): S {
    return this.#state;
  }

  /** The state subscribers were last told about. */
  get published(): S {
    return this.#published;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Changes fields (`undefined` removes one: optional fields are absent, not undefined) and schedules a publish. */
  update(patch: Partial<S>): void {
    this.#state = withPatch(this.#state, patch);
    this.schedule();
  }

  /** Asks for a publish at the next frame (once, however often it is asked). */
  schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    this.#schedule(() => this.publish());
  }

  /** Publishes now when anything changed, then tells every subscriber. */
  publish(): void {
    // Changes made by the hook are published now, not at another frame.
    this.#scheduled = true;
    this.#beforePublish();
    this.#scheduled = false;
    if (this.#state === this.#published) return;
    this.#published = this.#state;
    for (const listener of [...this.#listeners]) listener();
  }
}

function withPatch<S extends object>(state: S, patch: Partial<S>): S {
  const next = { ...state } as Record<string, unknown>;
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  return next as S;
}
