import { type AnyUiSseMessage, decodeUiSseMessage } from "@parley/protocol";
import type { ApiRequestError } from "./api-request-error.ts";
import { type BackoffOptions, backoffDelay, defaultReconnectBackoff } from "./backoff.ts";
import type { ConnectionStatus } from "./chat-state.ts";
import type { ParleyClient } from "./parley-client.ts";
import { type SseMessage, SseParser } from "./sse-parser.ts";
import { StreamCursor } from "./stream-cursor.ts";
import { StreamWatchdog } from "./stream-watchdog.ts";
import { systemTimers, type Timers } from "./timers.ts";

/** Why the stream is in its current status, for logs and the connection indicator's tooltip. */
export type StreamStatusReason =
  | "started"
  | "opened"
  | "ended"
  | "network_error"
  | "http_error"
  | "dead_stream"
  | "resync"
  | "unauthorized"
  | "forbidden"
  | "stopped";

/** Details of a status change. */
export interface StreamStatusDetail {
  reason: StreamStatusReason;
  /** Consecutive attempts that failed or ended before delivering a frame. */
  failures: number;
  /** When reconnecting: the delay before the next attempt. */
  retryInMs?: number;
  error?: unknown;
}

/** Something odd the stream skipped without stopping: a frame it cannot decode, or a handler that threw. */
export interface StreamWarning {
  code: "invalid_frame" | "handler_failed";
  message: string;
  data?: string;
  error?: unknown;
}

/** Options of an EventStreamClient. Timers, randomness and fetch (via the client) are injectable. */
export interface EventStreamClientOptions {
  client: ParleyClient;
  /** Called once for each logged frame, in seq order, never twice for one seq. */
  onFrame: (frame: AnyUiSseMessage) => void;
  /** A `run`/`resync` frame: refetch state; the stream delivers nothing more until the promise settles. */
  onResync?: (frame: AnyUiSseMessage) => Promise<void> | void;
  onStatus?: (status: ConnectionStatus, detail: StreamStatusDetail) => void;
  onWarning?: (warning: StreamWarning) => void;
  /** A stream opened without a cursor learned from its first heartbeat where "now" is (its position). */
  onLive?: (seq: number) => void;
  /** Resume after this seq. Without it the stream starts live and the server's first heartbeat sets the cursor. */
  after?: number;
  /** The server's heartbeat interval (15 s). */
  heartbeatIntervalMs?: number;
  /** A stream with no frame for this many heartbeat intervals is dead (2.5). */
  deadAfterHeartbeats?: number;
  backoff?: Partial<BackoffOptions>;
  /** After this many failed attempts in a row the status turns `offline` (retries continue). */
  offlineAfterFailures?: number;
  timers?: Timers;
  random?: () => number;
}

/**
 * Reads `GET /api/events` with fetch and a streaming SSE parser (the seed's useSseConnection, without a
 * framework, so it runs in browsers and in Node). It keeps the seq cursor of the last logged frame, drops
 * duplicates, reconnects after any drop with capped exponential backoff and jitter and `?after=<cursor>`,
 * treats a silent stream as dead, hands `resync` frames to its owner before going on, and stops for good on
 * 401/403. Heartbeats prove liveness and never move the cursor (the first heartbeat of a stream opened
 * without one only says where "now" is).
 */
export class EventStreamClient {
  readonly #options: EventStreamClientOptions;
  readonly #timers: Timers;
  readonly #random: () => number;
  readonly #backoff: BackoffOptions;
  readonly #offlineAfter: number;
  readonly #cursor: StreamCursor;
  readonly #watchdog: StreamWatchdog;
  #status: ConnectionStatus = "offline";
  #running = false;
  /** Bumped by every `start`, so a loop left over from before a `stop` ends instead of running alongside. */
  #generation = 0;
  #attempt: AbortController | undefined;
  #attemptHasCursor = false;
  #deadAttempt: AbortController | undefined;
  #restartNow = false;
  #wake: (() => void) | undefined;
  #failures = 0;
  #retryInMs = 0;

  constructor(options: EventStreamClientOptions) {
    this.#options = options;
    this.#timers = options.timers ?? systemTimers;
    this.#random = options.random ?? Math.random;
    this.#backoff = { ...defaultReconnectBackoff, ...options.backoff };
    this.#offlineAfter = options.offlineAfterFailures ?? 3;
    this.#cursor = new StreamCursor(options.after);
    const deadAfterMs = (options.heartbeatIntervalMs ?? 15_000) * (options.deadAfterHeartbeats ?? 2.5);
    this.#watchdog = new StreamWatchdog(this.#timers, deadAfterMs);
  }

  /** The connection status. */
  get status(): ConnectionStatus {
    return this.#status;
  }

  /** Seq of the last logged frame received; undefined until the first connection told it. */
  get cursor(): number | undefined {
    return this.#cursor.seq;
  }

  /** Opens the stream (and keeps it open until `stop`). */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#failures = 0;
    this.#generation += 1;
    void this.#loop(this.#generation);
  }

  /** Closes the stream; nothing is delivered after this returns. */
  stop(): void {
    this.#halt("offline", "stopped");
  }

  /**
   * Makes sure every event after `seq` (a state snapshot's `head_seq`) is delivered. Normally it already
   * is; but a stream that began "live from now" after the snapshot was taken started past it, so the
   * stream goes back to `seq` and replays the gap, dropping frames it already delivered.
   */
  deliverAfter(seq: number): void {
    const change = this.#cursor.coverFrom(seq);
    const openedWithout = this.#attempt !== undefined && !this.#attemptHasCursor;
    if (change === "rewound" || (change === "set" && openedWithout)) this.#restart();
  }

  async #loop(generation: number): Promise<void> {
    const current = () => this.#running && this.#generation === generation;
    let first = true;
    while (current()) {
      if (!first) {
        const restart = this.#restartNow;
        this.#restartNow = false;
        if (!restart) await this.#pause();
        if (!current()) return;
      }
      first = false;
      await this.#connect(current);
    }
  }

  /** One connection attempt: open, read until it ends or dies, and record why it ended. */
  async #connect(current: () => boolean): Promise<void> {
    const attempt = new AbortController();
    const after = this.#cursor.seq;
    this.#attempt = attempt;
    this.#attemptHasCursor = after !== undefined;
    if (this.#status === "offline" && this.#failures === 0) this.#setStatus("connecting", "started");
    let response: Response;
    try {
      response = await this.#options.client.openEvents({
        ...(after !== undefined && { after }),
        signal: attempt.signal,
      });
    } catch (error) {
      // A stop and a new start may have come meanwhile: the newer attempt is not this one's to clear.
      if (this.#attempt === attempt) this.#attempt = undefined;
      if (current()) this.#onOpenFailed(error as ApiRequestError);
      return;
    }
    if (!current() || attempt.signal.aborted) {
      await response.body?.cancel().catch(() => {});
      if (this.#attempt === attempt) this.#attempt = undefined;
      return;
    }
    this.#setStatus("connected", "opened");
    const delivered = await this.#read(response, attempt);
    if (this.#attempt === attempt) this.#attempt = undefined;
    if (!current()) return;
    if (delivered) this.#failures = 0;
    else this.#failures += 1;
    const reason = this.#deadAttempt === attempt ? "dead_stream" : "ended";
    this.#deadAttempt = undefined;
    this.#setDisconnected(reason);
  }

  /** Reads frames until the response ends or is aborted; true when at least one frame arrived. */
  async #read(response: Response, attempt: AbortController): Promise<boolean> {
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    const parser = new SseParser();
    let delivered = false;
    const armWatchdog = () =>
      this.#watchdog.arm(() => {
        this.#deadAttempt = attempt;
        attempt.abort();
      });
    armWatchdog();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || attempt.signal.aborted) break;
        for (const message of parser.push(decoder.decode(value, { stream: true }))) {
          if (!this.#running || attempt.signal.aborted) break;
          delivered = true;
          this.#watchdog.frame();
          const frame = this.#onMessage(message);
          if (frame === undefined) continue;
          // A resync pauses the stream (and the watchdog) until the owner has refetched.
          this.#watchdog.disarm();
          await this.#resync(frame);
          if (this.#running && !attempt.signal.aborted) armWatchdog();
        }
      }
      // The last frame is complete only with its blank line; `end` drops a frame cut in half.
      if (!attempt.signal.aborted) for (const message of parser.end()) this.#onMessage(message);
    } catch {
      // A broken or aborted body is a drop like any other: reconnect by cursor.
    } finally {
      this.#watchdog.disarm();
      await reader.cancel().catch(() => {});
    }
    return delivered;
  }

  /** Handles one SSE message; returns the frame when it is a resync, which the reader must wait on. */
  #onMessage(message: SseMessage): AnyUiSseMessage | undefined {
    const decoded = decodeUiSseMessage(message.data);
    if (!decoded.success) {
      if (message.id !== undefined && /^\d+$/.test(message.id))
        this.#cursor.skipUnreadable(Number(message.id));
      this.#warn({ code: "invalid_frame", message: decoded.error.message, data: message.data });
      return undefined;
    }
    const frame = decoded.value.message;
    if (frame.kind === "heartbeat") {
      if (this.#cursor.seq !== undefined) return undefined;
      this.#cursor.startLive(frame.seq);
      this.#options.onLive?.(frame.seq);
      return undefined;
    }
    if (frame.kind === "run" && frame.phase === "resync") return frame;
    if (!this.#cursor.accept(frame.seq)) return undefined;
    try {
      this.#options.onFrame(frame);
    } catch (error) {
      this.#warn({ code: "handler_failed", message: describe(error), data: message.data, error });
    }
    return undefined;
  }

  /** The server cannot replay from our cursor: the owner refetches state, then the stream goes on from the head. */
  async #resync(frame: AnyUiSseMessage): Promise<void> {
    this.#cursor.resync(frame.seq);
    this.#setStatus("resyncing", "resync");
    try {
      await this.#options.onResync?.(frame);
    } catch (error) {
      this.#warn({ code: "handler_failed", message: describe(error), data: JSON.stringify(frame), error });
    }
    if (this.#running) this.#setStatus("connected", "opened");
  }

  #onOpenFailed(error: ApiRequestError): void {
    if (!this.#running) return;
    if (error.status === 401 || error.status === 403) {
      this.#halt("offline", error.status === 401 ? "unauthorized" : "forbidden", error);
      return;
    }
    if (this.#restartNow) return;
    this.#failures += 1;
    this.#setDisconnected(error.status === 0 ? "network_error" : "http_error", error);
  }

  /** Reports the drop and picks the delay before the next attempt. */
  #setDisconnected(reason: StreamStatusReason, error?: unknown): void {
    if (this.#restartNow) return;
    // The first retry waits the initial delay; each further failure in a row doubles it.
    this.#retryInMs = backoffDelay(this.#failures - 1, this.#backoff, this.#random);
    const status = this.#failures >= this.#offlineAfter ? "offline" : "reconnecting";
    this.#setStatus(status, reason, { retryInMs: this.#retryInMs, ...(error !== undefined && { error }) });
  }

  /** Waits out the backoff delay; `#restart` and `stop` end the wait early. */
  #pause(): Promise<void> {
    return new Promise((resolve) => {
      const handle = this.#timers.setTimeout(() => {
        this.#wake = undefined;
        resolve();
      }, this.#retryInMs);
      this.#wake = () => {
        this.#timers.clearTimeout(handle);
        this.#wake = undefined;
        resolve();
      };
    });
  }

  /** Reconnects at once from the current cursor. */
  #restart(): void {
    this.#restartNow = true;
    this.#attempt?.abort();
    this.#wake?.();
  }

  #halt(status: ConnectionStatus, reason: StreamStatusReason, error?: unknown): void {
    const wasRunning = this.#running;
    this.#running = false;
    this.#attempt?.abort();
    this.#attempt = undefined;
    this.#wake?.();
    this.#watchdog.disarm();
    if (wasRunning || this.#status !== status)
      this.#setStatus(status, reason, error === undefined ? {} : { error });
  }

  #setStatus(
    status: ConnectionStatus,
    reason: StreamStatusReason,
    extra: Partial<StreamStatusDetail> = {},
  ): void {
    this.#status = status;
    this.#options.onStatus?.(status, { reason, failures: this.#failures, ...extra });
  }

  #warn(warning: StreamWarning): void {
    try {
      this.#options.onWarning?.(warning);
    } catch {
      // A failing warning hook must not break the stream it reports on.
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
