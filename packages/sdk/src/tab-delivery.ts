import type { AnyUiSseMessage } from "@parley/protocol";
import type { ConnectionStatus } from "./chat-state.ts";
import type { EventStreamClientOptions, StreamStatusDetail, StreamWarning } from "./event-stream-client.ts";
import { StreamCursor } from "./stream-cursor.ts";

/** The callbacks of one tab's stream owner (its ChatStore), as EventStreamClient takes them. */
export type TabCallbacks = Pick<EventStreamClientOptions, "onFrame" | "onResync" | "onStatus" | "onWarning">;

/**
 * One tab's side of a shared event stream: whatever order and however often frames reach the tab (live
 * from the leader, replayed from a ring), its owner gets each logged frame once, in seq order, exactly as
 * from its own EventStreamClient. Live frames wait while a replay is on its way or the owner refetches
 * after a resync, and go on afterwards. The status the owner sees is the shared stream's, except while
 * this tab resyncs.
 */
export class TabDelivery {
  readonly #callbacks: TabCallbacks;
  readonly #cursor: StreamCursor;
  #active = false;
  /** Bumped by `stop`, so a refetch that settles after a stop and restart does not resume the old one. */
  #generation = 0;
  /** Live frames that arrived while a replay or a refetch was pending, in arrival order. */
  #held: AnyUiSseMessage[] = [];
  #replayPending = false;
  #resyncs = 0;
  #stream: { status: ConnectionStatus; detail: StreamStatusDetail } = {
    status: "offline",
    detail: { reason: "stopped", failures: 0 },
  };
  #status: ConnectionStatus = "offline";

  constructor(callbacks: TabCallbacks, after: number | undefined) {
    this.#callbacks = callbacks;
    this.#cursor = new StreamCursor(after);
  }

  /** Seq of the last logged frame delivered (or the position it delivers after). */
  get cursor(): number | undefined {
    return this.#cursor.seq;
  }

  /** The status this tab shows. */
  get status(): ConnectionStatus {
    return this.#status;
  }

  /** Delivers from now on, showing `connecting` until the shared stream says more. */
  start(): void {
    this.#active = true;
    this.streamStatus("connecting", { reason: "started", failures: 0 });
  }

  /** Delivers nothing more; the cursor stays, so a restart resumes after it. */
  stop(): void {
    const wasActive = this.#active;
    this.#active = false;
    this.#generation += 1;
    this.#held = [];
    this.#replayPending = false;
    this.#resyncs = 0;
    this.#stream = { status: "offline", detail: { reason: "stopped", failures: 0 } };
    if (wasActive || this.#status !== "offline") this.#emit("offline", this.#stream.detail);
  }

  /** The shared stream is at `seq` (no frame said so): a tab without a cursor goes live from there. */
  startLive(seq: number): void {
    this.#cursor.startLive(seq);
  }

  /** A live frame of the shared stream. */
  offer(frame: AnyUiSseMessage): void {
    if (!this.#active) return;
    if (this.#waiting) this.#held.push(frame);
    else this.#deliver(frame);
  }

  /** A snapshot's head: true when the frames after `seq` must be replayed here (StreamCursor.coverFrom). */
  needsReplayAfter(seq: number): boolean {
    return this.#cursor.coverFrom(seq) !== "ok";
  }

  /** A replay was asked of another tab: live frames wait for it (they may be newer than what it brings). */
  awaitReplay(): void {
    this.#replayPending = true;
  }

  /** The frames after the seq a replay was asked from, in order; then the live frames that waited. */
  replayed(frames: readonly AnyUiSseMessage[]): void {
    this.#replayPending = false;
    if (!this.#active) return;
    this.#held = [...frames, ...this.#held];
    this.#release();
  }

  /**
   * The stream (or this tab) cannot go on from the cursor: the owner refetches its state, and the tab
   * continues after `headSeq` once that has settled, delivering the live frames that waited.
   */
  async resync(frame: AnyUiSseMessage, headSeq: number): Promise<void> {
    this.#replayPending = false;
    if (!this.#active) return;
    const generation = this.#generation;
    this.#cursor.resync(headSeq);
    this.#resyncs += 1;
    this.#emit("resyncing", { reason: "resync", failures: this.#stream.detail.failures });
    try {
      await this.#callbacks.onResync?.(frame);
    } catch (error) {
      this.#warn({ code: "handler_failed", message: describe(error), data: JSON.stringify(frame), error });
    }
    if (generation !== this.#generation) return;
    this.#resyncs -= 1;
    if (this.#resyncs > 0) return;
    this.#emit(this.#stream.status, this.#stream.detail);
    this.#release();
  }

  /** The shared stream's status changed; shown unless this tab is resyncing. */
  streamStatus(status: ConnectionStatus, detail: StreamStatusDetail): void {
    this.#stream = { status, detail };
    if (this.#active && this.#resyncs === 0) this.#emit(status, detail);
  }

  /** A warning about the shared stream (a frame it could not read). */
  warn(warning: StreamWarning): void {
    this.#warn(warning);
  }

  get #waiting(): boolean {
    return this.#replayPending || this.#resyncs > 0;
  }

  #release(): void {
    while (this.#active && !this.#waiting && this.#held.length > 0) {
      const frame = this.#held.shift() as AnyUiSseMessage;
      this.#deliver(frame);
    }
  }

  #deliver(frame: AnyUiSseMessage): void {
    if (!this.#cursor.accept(frame.seq)) return;
    try {
      this.#callbacks.onFrame(frame);
    } catch (error) {
      this.#warn({ code: "handler_failed", message: describe(error), data: JSON.stringify(frame), error });
    }
  }

  #emit(status: ConnectionStatus, detail: StreamStatusDetail): void {
    this.#status = status;
    this.#callbacks.onStatus?.(status, detail);
  }

  #warn(warning: StreamWarning): void {
    try {
      this.#callbacks.onWarning?.(warning);
    } catch {
      // A failing warning hook must not break the stream it reports on.
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
