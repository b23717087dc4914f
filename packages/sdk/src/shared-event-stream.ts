import type { AnyUiSseMessage } from "@parley/protocol";
import type { ConnectionStatus } from "./chat-state.ts";
import type { EventStream } from "./event-stream.ts";
import type { EventStreamClientOptions } from "./event-stream-client.ts";
import { FrameRing } from "./frame-ring.ts";
import { LeadLock } from "./lead-lock.ts";
import { documentVisibility, type PageVisibility } from "./page-visibility.ts";
import { StreamLeader } from "./stream-leader.ts";
import {
  type BroadcastChannelLike,
  isTabMessage,
  type LockManagerLike,
  type ReplayAnswer,
  type TabMessage,
  type TabMessageBody,
} from "./tab-channel.ts";
import { TabDelivery } from "./tab-delivery.ts";
import { systemTimers } from "./timers.ts";
import { VisibleLead } from "./visible-lead.ts";

/** Options of a SharedEventStream: an EventStreamClient's, plus how the tabs find each other. */
export interface SharedEventStreamOptions extends EventStreamClientOptions {
  /** The server's address (origin and path): tabs share a stream only with tabs of the same scope. */
  scope: string;
  /** Elects the leader tab (`navigator.locks` in a browser). */
  locks: LockManagerLike;
  /** Opens the channel the tabs talk over (`new BroadcastChannel(name)` in a browser). */
  openChannel: (name: string) => BroadcastChannelLike;
  /** Recent frames every tab keeps, to replay to a tab that loads a snapshot while they stream (2000). */
  replayLimit?: number;
  /** Tells this tab's messages apart from the others'; random by default. */
  tabId?: string;
  /** Whether this tab is shown (`document.visibilityState` by default): a shown tab takes the lead from a hidden one. */
  visibility?: PageVisibility;
}

/** The lock and channel name of a scope; the version keeps tabs running other code out. */
export function sharedStreamName(scope: string): string {
  return `parley-events/1 ${scope}`;
}

/**
 * One `GET /api/events` connection shared by every tab of a browser profile (browsers allow 6 connections
 * per host across tabs under HTTP/1.1, so a stream per tab hangs the seventh). The tab holding a Web Lock
 * leads (StreamLeader): it runs the real EventStreamClient and passes each frame, status and resync to the
 * others over a BroadcastChannel. Every tab keeps a ring of recent frames, so a tab that loads a snapshot
 * while events flow gets the frames after its `head_seq` replayed, or refetches when no tab holds them
 * any more. When the leader's tab closes, the browser grants the lock to another tab, which resumes after
 * what it has seen; a shown tab steals the lock from a hidden leader, whose timers the browser throttles.
 * Each tab's owner gets every frame once, in seq order, as from an EventStreamClient.
 */
export class SharedEventStream implements EventStream {
  readonly #options: SharedEventStreamOptions;
  readonly #name: string;
  readonly #id: string;
  readonly #ring: FrameRing;
  readonly #tab: TabDelivery;
  readonly #visibility: PageVisibility;
  readonly #visibleLead: VisibleLead;
  #running = false;
  /** Bumped by every `start` and `stop`, so messages meant for an earlier start are dropped. */
  #generation = 0;
  #channel: BroadcastChannelLike | undefined;
  #lock: LeadLock | undefined;
  #unsubscribeVisibility: (() => void) | undefined;
  /** While this tab leads. */
  #leader: StreamLeader | undefined;
  /** The tab this one follows, once it has heard from it. */
  #leaderId: string | undefined;
  /** A tab that took the lead from this one while it still led (it learns that from its lock soon after). */
  #usurper: { from: string; hidden: boolean } | undefined;
  /** This tab's replay request to the leader, while unanswered. */
  #pending: { request: number; after: number } | undefined;
  #requests = 0;

  constructor(options: SharedEventStreamOptions) {
    this.#options = options;
    this.#name = sharedStreamName(options.scope);
    this.#id = options.tabId ?? randomId();
    this.#ring = new FrameRing(options.replayLimit ?? 2000);
    this.#tab = new TabDelivery(options, options.after);
    this.#visibility = options.visibility ?? documentVisibility();
    this.#visibleLead = new VisibleLead({
      visibility: this.#visibility,
      post: (message) => this.#post(message),
      leading: () => this.#leader !== undefined,
      following: () => this.#running && this.#leaderId !== undefined,
      steal: () => this.#lock?.steal(),
    });
  }

  get status(): ConnectionStatus {
    return this.#tab.status;
  }

  get shared(): boolean {
    return true;
  }

  get cursor(): number | undefined {
    return this.#tab.cursor;
  }

  /** Whether this tab holds the connection for all of them. */
  get leading(): boolean {
    return this.#leader !== undefined;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    const generation = ++this.#generation;
    this.#tab.start();
    const channel = this.#options.openChannel(this.#name);
    channel.onmessage = (event) => {
      if (generation === this.#generation && isTabMessage(event.data)) this.#onMessage(event.data);
    };
    this.#channel = channel;
    this.#post({ type: "hello" });
    // A restarted tab may have missed frames while it was stopped.
    const cursor = this.#tab.cursor;
    if (cursor !== undefined) this.#replay(cursor);
    const lock = new LeadLock(this.#options.locks, this.#name, {
      granted: () => {
        if (this.#lock === lock) this.#lead();
      },
      lost: () => {
        if (this.#lock === lock) this.#stepDown();
      },
    });
    this.#lock = lock;
    this.#unsubscribeVisibility = this.#visibility.subscribe(() => this.#visibleLead.changed());
    lock.request();
  }

  stop(): void {
    this.#tab.stop();
    if (!this.#running) return;
    this.#running = false;
    this.#generation += 1;
    this.#lock?.release();
    this.#lock = undefined;
    this.#unsubscribeVisibility?.();
    this.#unsubscribeVisibility = undefined;
    this.#leader?.stop();
    this.#leader = undefined;
    this.#leaderId = undefined;
    this.#usurper = undefined;
    this.#visibleLead.followed();
    if (this.#channel !== undefined) {
      this.#channel.onmessage = null;
      this.#channel.close();
      this.#channel = undefined;
    }
    // Frames go on while this tab is away: what the ring holds is no longer everything after its floor.
    this.#ring.clear();
    this.#pending = undefined;
  }

  deliverAfter(seq: number): void {
    if (!this.#tab.needsReplayAfter(seq) || !this.#running) return;
    this.#replay(this.#tab.cursor ?? seq);
  }

  /** This tab got the lock: it opens the stream after what it has seen, for every tab. */
  #lead(): void {
    const after = this.#ring.top ?? this.#tab.cursor;
    const leader = new StreamLeader(this.#options, after, {
      ring: this.#ring,
      tab: this.#tab,
      post: (message) => this.#post(message),
    });
    this.#leader = leader;
    this.#leaderId = this.#id;
    this.#usurper = undefined;
    this.#visibleLead.led();
    const pending = this.#pending;
    this.#pending = undefined;
    if (pending !== undefined) this.#apply(pending.after, leader.answer(pending.after));
    leader.start();
  }

  /**
   * Another tab stole the lock: this tab's stream closes and it follows, waiting in line to lead again. When
   * the new leader's announcement came first, its first frames were not heeded here: the tab asks it for
   * everything after its cursor.
   */
  #stepDown(): void {
    this.#leader?.stop();
    this.#leader = undefined;
    this.#leaderId = undefined;
    this.#lock?.request();
    const usurper = this.#usurper;
    this.#usurper = undefined;
    if (usurper === undefined) {
      this.#visibleLead.followed();
      return;
    }
    this.#leaderId = usurper.from;
    this.#ring.clear();
    const cursor = this.#tab.cursor;
    if (cursor !== undefined) this.#replay(cursor);
    this.#visibleLead.followed(usurper.hidden);
  }

  /** Gets this tab every frame after `after`: from its own ring, from the leader, or by refetching. */
  #replay(after: number): void {
    if (this.#ring.covers(after)) {
      this.#tab.replayed(this.#ring.after(after));
    } else if (this.#leader !== undefined) {
      this.#apply(after, this.#leader.answer(after));
    } else {
      this.#pending = { request: ++this.#requests, after };
      this.#tab.awaitReplay();
      this.#post({ type: "replay", ...this.#pending });
    }
  }

  #apply(after: number, answer: ReplayAnswer): void {
    if (answer.covered) {
      // Later frames come from the leader after its answer, so a ring without a start can begin here.
      if (this.#ring.position(after)) for (const frame of answer.frames) this.#ring.add(frame);
      this.#tab.replayed(answer.frames);
    } else {
      const head = answer.top ?? after;
      void this.#tab.resync(resyncFrame(head, (this.#options.timers ?? systemTimers).now()), head);
    }
  }

  #onMessage(message: TabMessage): void {
    const leader = this.#leader;
    if (leader !== undefined) {
      if (message.type === "hello") {
        leader.welcome();
        this.#visibleLead.announce();
      } else if (message.type === "takeover") this.#visibleLead.takeover(message.from);
      else if (message.type === "leader") this.#usurper = { from: message.from, hidden: false };
      else if (message.type === "visibility" && message.from === this.#usurper?.from)
        this.#usurper.hidden = !message.visible;
      else if (message.type === "replay")
        this.#post({
          type: "replayed",
          to: message.from,
          request: message.request,
          after: message.after,
          ...leader.answer(message.after),
        });
      return;
    }
    if (message.type === "leader") {
      this.#followLeader(message.from, message.resumeAfter);
      return;
    }
    if (message.type === "hello" || message.type === "replay" || message.type === "takeover") return;
    // Whatever a tab that no longer leads still had on its way is left to the leader that replaced it.
    if (this.#leaderId === undefined) this.#leaderId = message.from;
    if (message.from !== this.#leaderId) return;
    switch (message.type) {
      case "state":
        if (message.position !== undefined) this.#positioned(message.position);
        this.#tab.streamStatus(message.status.status, message.status.detail);
        return;
      case "position":
        this.#positioned(message.seq);
        return;
      case "frame":
        this.#ring.add(message.frame);
        if (this.#tab.cursor === undefined) this.#tab.startLive(message.frame.seq - 1);
        this.#tab.offer(message.frame);
        return;
      case "resync":
        this.#ring.reset(message.frame.seq);
        this.#pending = undefined;
        void this.#tab.resync(message.frame, message.frame.seq);
        return;
      case "status":
        this.#tab.streamStatus(message.status.status, message.status.detail);
        return;
      case "warning":
        this.#tab.warn(message.warning);
        return;
      case "visibility":
        this.#visibleLead.leaderVisibility(message.visible);
        return;
      case "yield":
        if (message.to === this.#id) this.#visibleLead.yielded();
        return;
      case "replayed":
        if (message.to !== this.#id || this.#pending?.request !== message.request) return;
        this.#pending = undefined;
        this.#apply(message.after, message);
        return;
    }
  }

  /**
   * Another tab leads now. A question the old leader left unanswered is asked again; and when the new
   * leader resumed beyond what reached this tab (or live), the frames in between may never be broadcast,
   * so this tab's ring starts over and the tab asks for everything after its cursor.
   */
  #followLeader(leaderId: string, resumeAfter: number | undefined): void {
    this.#leaderId = leaderId;
    this.#visibleLead.followed();
    const seen = this.#ring.top ?? this.#tab.cursor;
    const cursor = this.#tab.cursor;
    if (seen !== undefined && (resumeAfter === undefined || resumeAfter > seen)) {
      this.#ring.clear();
      if (cursor !== undefined) {
        this.#replay(cursor);
        return;
      }
    }
    if (this.#pending !== undefined) this.#replay(this.#pending.after);
  }

  /** The stream is at `seq`: the ring starts there if it had none; a tab without a cursor goes live. */
  #positioned(seq: number): void {
    this.#ring.position(seq);
    this.#tab.startLive(this.#ring.top ?? seq);
  }

  #post(message: TabMessageBody): void {
    try {
      this.#channel?.postMessage({ ...message, from: this.#id });
    } catch (error) {
      this.#tab.warn({ code: "handler_failed", message: `could not tell the other tabs: ${String(error)}` });
    }
  }
}

/** What a tab's owner gets when no tab holds the frames after its snapshot any more: refetch. */
function resyncFrame(seq: number, now: number): AnyUiSseMessage {
  return {
    id: `resync_${seq}`,
    seq,
    rev: 1,
    ts_ms: now,
    kind: "run",
    phase: "resync",
    data: { reason: "replay_unavailable", lagged_count: 0 },
  };
}

function randomId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
