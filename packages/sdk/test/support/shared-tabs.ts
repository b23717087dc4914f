import { randomUUID } from "node:crypto";
import type { AnyUiSseMessage } from "@parley/protocol";
import type { ConnectionStatus } from "../../src/chat-state.ts";
import type { StreamStatusDetail } from "../../src/event-stream-client.ts";
import type { PageVisibility } from "../../src/page-visibility.ts";
import { ParleyClient } from "../../src/parley-client.ts";
import { SharedEventStream, type SharedEventStreamOptions } from "../../src/shared-event-stream.ts";
import type { BroadcastChannelLike } from "../../src/tab-channel.ts";
import { InProcessLocks } from "./in-process-locks.ts";
import { ManualTimers } from "./manual-timers.ts";
import type { ScriptedEvents } from "./scripted-events.ts";

type Waiter = { ready: () => boolean; resolve: () => void };

/** A tab's visibility that the test sets, as the user switching tabs or minimising a window would. */
export class TestVisibility implements PageVisibility {
  #visible: boolean;
  #listeners = new Set<() => void>();

  constructor(visible: boolean) {
    this.#visible = visible;
  }

  isVisible(): boolean {
    return this.#visible;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Shows or hides the tab, telling whoever listens (as `visibilitychange` does). */
  set(visible: boolean): void {
    if (visible === this.#visible) return;
    this.#visible = visible;
    for (const listener of [...this.#listeners]) listener();
  }
}

/**
 * One "browser tab" in a test: a SharedEventStream with its own ParleyClient and BroadcastChannel, recording
 * what it delivers, the statuses it shows and the refetches it asks for, with promises to wait on them.
 */
export class TestTab {
  readonly name: string;
  readonly stream: SharedEventStream;
  /** Whether the tab is shown; the test switches it. */
  readonly visibility: TestVisibility;
  readonly delivered: AnyUiSseMessage[] = [];
  readonly statuses: { status: ConnectionStatus; detail: StreamStatusDetail }[] = [];
  readonly resyncs: AnyUiSseMessage[] = [];
  /** What the next refetch (onResync) waits for; settled at once unless a test sets it. */
  refetch: () => Promise<void> = () => Promise.resolve();
  #waiters: Waiter[] = [];

  constructor(name: string, options: SharedEventStreamOptions & { visibility: TestVisibility }) {
    this.name = name;
    this.visibility = options.visibility;
    this.stream = new SharedEventStream({
      ...options,
      tabId: name,
      onFrame: (frame) => {
        this.delivered.push(frame);
        this.#check();
      },
      onStatus: (status, detail) => {
        this.statuses.push({ status, detail });
        this.#check();
      },
      onResync: (frame) => {
        this.resyncs.push(frame);
        this.#check();
        return this.refetch();
      },
    });
  }

  get seqs(): number[] {
    return this.delivered.map((frame) => frame.seq);
  }

  /** Resolves once a frame with `seq` has been delivered. */
  deliveredSeq(seq: number): Promise<void> {
    return this.until(() => this.delivered.some((frame) => frame.seq === seq));
  }

  /** Resolves once the tab shows a status that satisfies `predicate` (its latest included). */
  shows(predicate: (status: ConnectionStatus, detail: StreamStatusDetail) => boolean): Promise<void> {
    return this.until(() => this.statuses.some((entry) => predicate(entry.status, entry.detail)));
  }

  /** Resolves once the tab shows a status satisfying `predicate` after the `since`-th one. */
  showsAfter(since: number, predicate: (status: ConnectionStatus) => boolean): Promise<void> {
    return this.until(() => this.statuses.slice(since).some((entry) => predicate(entry.status)));
  }

  /** Resolves once the owner was asked to refetch. */
  resynced(): Promise<void> {
    return this.until(() => this.resyncs.length > 0);
  }

  /** Resolves once `ready()` holds, checked after every delivery, status and refetch. */
  until(ready: () => boolean): Promise<void> {
    if (ready()) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ ready, resolve }));
  }

  #check(): void {
    const ready = this.#waiters.filter((waiter) => waiter.ready());
    this.#waiters = this.#waiters.filter((waiter) => !ready.includes(waiter));
    for (const waiter of ready) waiter.resolve();
  }
}

/**
 * Tabs of one browser profile against one scripted server: a shared in-process lock manager, Node's real
 * BroadcastChannel, a manual clock, and a scope of their own so no other test's tabs hear them.
 */
export class TabProfile {
  readonly server: ScriptedEvents;
  readonly locks = new InProcessLocks();
  readonly timers = new ManualTimers();
  readonly scope = `http://parley.test/${randomUUID()}/`;
  readonly tabs: TestTab[] = [];
  readonly #replayLimit: number | undefined;

  constructor(server: ScriptedEvents, options: { replayLimit?: number } = {}) {
    this.server = server;
    this.#replayLimit = options.replayLimit;
  }

  /** Opens a tab (not started); shown unless `visible` says otherwise. */
  tab(name: string, options: { scope?: string; visible?: boolean } = {}): TestTab {
    const visibility = new TestVisibility(options.visible ?? true);
    const tab = new TestTab(name, {
      client: new ParleyClient({ baseUrl: "http://parley.test", fetch: this.server.fetch }),
      onFrame: () => {},
      scope: options.scope ?? this.scope,
      locks: this.locks,
      visibility,
      openChannel: (channelName) => new BroadcastChannel(channelName) as unknown as BroadcastChannelLike,
      timers: this.timers,
      random: () => 0,
      heartbeatIntervalMs: 60_000,
      ...(this.#replayLimit !== undefined && { replayLimit: this.#replayLimit }),
    });
    this.tabs.push(tab);
    return tab;
  }

  /** Closes every tab, so no channel keeps the test process alive. */
  closeAll(): void {
    for (const tab of this.tabs) tab.stream.stop();
  }
}
