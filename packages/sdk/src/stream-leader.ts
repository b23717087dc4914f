import type { AnyUiSseMessage } from "@parley/protocol";
import type { ConnectionStatus } from "./chat-state.ts";
import {
  EventStreamClient,
  type EventStreamClientOptions,
  type StreamStatusDetail,
} from "./event-stream-client.ts";
import type { FrameRing } from "./frame-ring.ts";
import {
  type ReplayAnswer,
  type SharedStatus,
  sharedStatus,
  sharedWarning,
  type TabMessageBody,
} from "./tab-channel.ts";
import type { TabDelivery } from "./tab-delivery.ts";

/** What the leader shares with the rest of its tab's SharedEventStream. */
export interface StreamLeaderParts {
  ring: FrameRing;
  tab: TabDelivery;
  /** Sends a message to the other tabs (the leader's id is added). */
  post: (message: TabMessageBody) => void;
}

/**
 * The leader tab's part of a shared event stream: it runs the real EventStreamClient, keeps every frame in
 * its ring, hands frames, statuses and resyncs to its own tab and to the others, and answers other tabs'
 * replay requests from the ring.
 */
export class StreamLeader {
  readonly #parts: StreamLeaderParts;
  readonly #feed: EventStreamClient;
  #status: SharedStatus = { status: "connecting", detail: { reason: "started", failures: 0 } };
  #stopped = false;

  /** Takes the lead: tells the other tabs, and prepares the stream after `after` (undefined: live). */
  constructor(options: EventStreamClientOptions, after: number | undefined, parts: StreamLeaderParts) {
    this.#parts = parts;
    const current = () => !this.#stopped;
    this.#feed = new EventStreamClient({
      ...options,
      after,
      onFrame: (frame) => {
        if (current()) this.#frame(frame);
      },
      onResync: (frame) => {
        if (current()) this.#resync(frame);
      },
      onStatus: (status, detail) => {
        if (current()) this.#statusChanged(status, detail);
      },
      onWarning: (warning) => {
        if (!current()) return;
        parts.post({ type: "warning", warning: sharedWarning(warning) });
        parts.tab.warn(warning);
      },
      onLive: (seq) => {
        if (current()) this.positioned(seq);
      },
    });
    if (after !== undefined) this.positioned(after);
    parts.post({ type: "leader", ...(after !== undefined && { resumeAfter: after }) });
  }

  /** Opens the stream for every tab. */
  start(): void {
    this.#feed.start();
  }

  /** Closes the stream without telling anyone: the next leader's announcement is what the others hear. */
  stop(): void {
    this.#stopped = true;
    this.#feed.stop();
  }

  /**
   * Every frame after `after`, as far as the ring holds them. A stream that does not know where it is yet
   * begins right there instead of live, like an EventStreamClient given a snapshot's head.
   */
  answer(after: number): ReplayAnswer {
    const ring = this.#parts.ring;
    if (ring.floor === undefined && this.#feed.cursor === undefined) {
      this.#feed.deliverAfter(after);
      this.positioned(after);
    }
    if (!ring.covers(after)) return { covered: false, frames: [], top: ring.top };
    return { covered: true, frames: ring.after(after), top: ring.top };
  }

  /** A tab started: tell it where the stream is; retry a stream that gave up (a sign-in may follow). */
  welcome(): void {
    const reason = this.#status.detail.reason;
    if (reason === "unauthorized" || reason === "forbidden") this.#feed.start();
    const ring = this.#parts.ring;
    const position = ring.floor === undefined ? undefined : ring.top;
    this.#parts.post({ type: "state", status: this.#status, ...(position !== undefined && { position }) });
  }

  /** The stream is at `seq` (no frame said so): the ring starts there, and the other tabs hear it. */
  positioned(seq: number): void {
    const { ring, tab } = this.#parts;
    if (ring.position(seq)) this.#parts.post({ type: "position", seq });
    tab.startLive(ring.top ?? seq);
  }

  #frame(frame: AnyUiSseMessage): void {
    const { ring, tab } = this.#parts;
    ring.add(frame);
    this.#parts.post({ type: "frame", frame });
    if (tab.cursor === undefined) tab.startLive(frame.seq - 1);
    tab.offer(frame);
  }

  /** Each tab refetches its own state; the stream goes on at once (a tab holds frames until it is done). */
  #resync(frame: AnyUiSseMessage): void {
    this.#parts.ring.reset(frame.seq);
    this.#parts.post({ type: "resync", frame });
    void this.#parts.tab.resync(frame, frame.seq);
  }

  #statusChanged(status: ConnectionStatus, detail: StreamStatusDetail): void {
    // Each tab shows its own refetch after a resync.
    if (status === "resyncing") return;
    this.#status = sharedStatus(status, detail);
    this.#parts.post({ type: "status", status: this.#status });
    this.#parts.tab.streamStatus(status, detail);
  }
}
