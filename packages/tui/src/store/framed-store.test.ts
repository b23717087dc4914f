import type { ChatStoreState } from "@parley/sdk";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FramedStore, type SnapshotSource } from "./framed-store.ts";

/** A store whose state is a counter, changed by hand. */
function counterStore() {
  const listeners = new Set<() => void>();
  let state = {
    connection: "connected",
    sessions: [],
    loadingSession: false,
    tokens: 0,
  } as unknown as ChatStoreState;
  const source: SnapshotSource = {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
  };
  const token = () => {
    state = { ...state, tokens: (state as unknown as { tokens: number }).tokens + 1 } as ChatStoreState;
    for (const listener of listeners) listener();
  };
  return { source, token, listeners };
}

const tokensOf = (state: ChatStoreState) => (state as unknown as { tokens: number }).tokens;

describe("the store as the screen sees it", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows a burst of streamed tokens in one frame, with the last token in it", () => {
    const { source, token } = counterStore();
    const framed = new FramedStore(source, 33, () => Date.now());
    const published: number[] = [];
    framed.subscribe(() => published.push(tokensOf(framed.getSnapshot())));
    for (let index = 0; index < 100; index++) token();
    // The first change after a quiet frame shows at once; the other 99 wait for the frame's end, together.
    expect(published).toEqual([1]);
    expect(tokensOf(framed.getSnapshot())).toBe(1);
    vi.advanceTimersByTime(33);
    expect(published).toEqual([1, 100]);
  });

  it("shows a change after a quiet frame at once, so a key's answer never waits", () => {
    const { source, token } = counterStore();
    const framed = new FramedStore(source, 33, () => Date.now());
    const published: number[] = [];
    framed.subscribe(() => published.push(tokensOf(framed.getSnapshot())));
    token();
    vi.advanceTimersByTime(100);
    token();
    expect(published).toEqual([1, 2]);
  });

  it("shows every change as it happens with no frame", () => {
    const { source, token } = counterStore();
    const framed = new FramedStore(source, 0, () => Date.now());
    const published: number[] = [];
    framed.subscribe(() => published.push(tokensOf(framed.getSnapshot())));
    token();
    token();
    token();
    expect(published).toEqual([1, 2, 3]);
  });

  it("stops listening to the store when the screen stops listening", () => {
    const { source, token, listeners } = counterStore();
    const framed = new FramedStore(source, 33, () => Date.now());
    const unsubscribe = framed.subscribe(() => {});
    token();
    token();
    unsubscribe();
    expect(listeners.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
