import { randomUUID } from "node:crypto";
import type { AnyUiSseMessage } from "@parley/protocol";
import type { ConnectionStatus } from "../../src/chat-state.ts";
import type { StreamStatusDetail } from "../../src/event-stream-client.ts";
import type { PageVisibility } from "../../src/page-visibility.ts";
import { ParleyClient } from "../../src/parley-client.ts";
import {
  SharedEventStream,
  type SharedEventStreamOptions,
  sharedStreamName,
} from "../../src/shared-event-stream.ts";
import type { BroadcastChannelLike, TabMessage } from "../../src/tab-channel.ts";
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
 * A tab's channel as the test sees it: what the tab posts can be held back (a busy tab whose messages arrive
 * late) and then sent in order, and the test can wait until the tab has handled a message from another tab.
 */
export class TabChannelTap {
  #held: unknown[] | undefined;
  #channels: BroadcastChannelLike[] = [];
  readonly #handled: TabMessage[] = [];
  #waiters: Waiter[] = [];

  /** The tab's channel, posting and receiving through this. */
  wrap(channel: BroadcastChannelLike): BroadcastChannelLike {
    this.#channels.push(channel);
    let handler: BroadcastChannelLike["onmessage"] = null;
    const handle = (next: (event: { data: unknown }) => void, event: { data: unknown }) => {
      next(event);
      this.#handled.push(event.data as TabMessage);
      const ready = this.#waiters.filter((waiter) => waiter.ready());
      this.#waiters = this.#waiters.filter((waiter) => !ready.includes(waiter));
      for (const waiter of ready) waiter.resolve();
    };
    return {
      postMessage: (message) => {
        if (this.#held === undefined) channel.postMessage(message);
        else this.#held.push(message);
      },
      close: () => channel.close(),
      get onmessage() {
        return handler;
      },
      set onmessage(next) {
        handler = next;
        channel.onmessage = next && ((event) => handle(next, event));
      },
    };
  }

  hold(): void {
    this.#held ??= [];
  }

  /** Sends what was held, in order, on the tab's latest channel. */
  release(): void {
    const held = this.#held ?? [];
    this.#held = undefined;
    const channel = this.#channels.at(-1);
    for (const message of held) channel?.postMessage(message);
  }

  /** Resolves once the tab has handled `count` messages of `type` from the tab `from`. */
  handled(from: string, type: TabMessage["type"], count = 1): Promise<void> {
    const ready = () =>
      this.#handled.filter((message) => message.from === from && message.type === type).length >= count;
    if (ready()) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ ready, resolve }));
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
  /** What the tab says to the others and hears from them, as the test taps it. */
  readonly channel: TabChannelTap;
  readonly delivered: AnyUiSseMessage[] = [];
  readonly statuses: { status: ConnectionStatus; detail: StreamStatusDetail }[] = [];
  readonly resyncs: AnyUiSseMessage[] = [];
  /** What the next refetch (onResync) waits for; settled at once unless a test sets it. */
  refetch: () => Promise<void> = () => Promise.resolve();
  #waiters: Waiter[] = [];

  constructor(
    name: string,
    options: SharedEventStreamOptions & { visibility: TestVisibility; channel: TabChannelTap },
  ) {
    this.name = name;
    this.visibility = options.visibility;
    this.channel = options.channel;
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
  readonly #overheard: OverheardTabs[] = [];

  constructor(server: ScriptedEvents, options: { replayLimit?: number } = {}) {
    this.server = server;
    this.#replayLimit = options.replayLimit;
  }

  /** Opens a tab (not started); shown unless `visible` says otherwise. */
  tab(name: string, options: { scope?: string; visible?: boolean } = {}): TestTab {
    const visibility = new TestVisibility(options.visible ?? true);
    const channel = new TabChannelTap();
    const tab = new TestTab(name, {
      channel,
      client: new ParleyClient({ baseUrl: "http://parley.test", fetch: this.server.fetch }),
      onFrame: () => {},
      scope: options.scope ?? this.scope,
      locks: this.locks,
      visibility,
      openChannel: (channelName) =>
        channel.wrap(new BroadcastChannel(channelName) as unknown as BroadcastChannelLike),
      timers: this.timers,
      random: () => 0,
      heartbeatIntervalMs: 60_000,
      ...(this.#replayLimit !== undefined && { replayLimit: this.#replayLimit }),
    });
    this.tabs.push(tab);
    return tab;
  }

  /**
   * Listens to what the tabs say to each other, as a page of another build would (it never speaks, so no
   * leader counts it as following). Closed with the tabs.
   */
  overhear(): OverheardTabs {
    const overheard = new OverheardTabs(this.scope);
    this.#overheard.push(overheard);
    return overheard;
  }

  /** Closes every tab, so no channel keeps the test process alive. */
  closeAll(): void {
    for (const tab of this.tabs) tab.stream.stop();
    for (const overheard of this.#overheard) overheard.close();
  }
}

/** Every message on a profile's tab channel, in the order it was heard, with promises to wait on them. */
export class OverheardTabs {
  readonly messages: TabMessage[] = [];
  readonly #channel: BroadcastChannel;
  #waiters: Waiter[] = [];

  constructor(scope: string) {
    this.#channel = new BroadcastChannel(sharedStreamName(scope));
    this.#channel.onmessage = (event) => {
      this.messages.push(event.data as TabMessage);
      const ready = this.#waiters.filter((waiter) => waiter.ready());
      this.#waiters = this.#waiters.filter((waiter) => !ready.includes(waiter));
      for (const waiter of ready) waiter.resolve();
    };
  }

  /** The messages of one type a tab sent. */
  from(tab: string, type: TabMessage["type"]): TabMessage[] {
    return this.messages.filter((message) => message.from === tab && message.type === type);
  }

  /** Resolves once `count` messages of `type` from `tab` were heard. */
  heard(tab: string, type: TabMessage["type"], count = 1): Promise<void> {
    return this.until(() => this.from(tab, type).length >= count);
  }

  /** Resolves once `ready()` holds, checked after every message. */
  until(ready: () => boolean): Promise<void> {
    if (ready()) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ ready, resolve }));
  }

  close(): void {
    this.#channel.close();
  }
}
