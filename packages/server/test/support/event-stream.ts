import { type AnyUiSseMessage, decodeUiSseMessage } from "@parley/protocol";
import { SseParser } from "@parley/testkit";

/** One received SSE frame: its `id:` line (if any) and the decoded UiSseMessage. */
export interface ReceivedFrame {
  id: string | undefined;
  message: AnyUiSseMessage;
  raw: string;
}

/**
 * A raw `GET /api/events` reader for tests: frames are collected as they arrive, and a test waits for a
 * predicate (never for time). Heartbeats are kept apart so assertions see only logged events.
 */
export class EventStream {
  readonly frames: ReceivedFrame[] = [];
  readonly heartbeats: ReceivedFrame[] = [];
  readonly response: Response;
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #waiters: {
    predicate: (frames: ReceivedFrame[]) => boolean;
    resolve: () => void;
    reject: (error: Error) => void;
  }[] = [];
  #ended = false;
  #error: Error | undefined;

  private constructor(response: Response) {
    this.response = response;
    if (!response.body) throw new Error(`GET /api/events answered ${response.status} without a body`);
    this.#reader = response.body.getReader();
    void this.#pump();
  }

  static async open(
    url: string,
    token: string,
    options: { after?: number; lastEventId?: string; sessionId?: string },
  ): Promise<EventStream> {
    const query = new URLSearchParams();
    if (options.after !== undefined) query.set("after", String(options.after));
    if (options.sessionId !== undefined) query.set("session_id", options.sessionId);
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (options.lastEventId !== undefined) headers["last-event-id"] = options.lastEventId;
    const response = await fetch(`${url}/api/events${query.size > 0 ? `?${query}` : ""}`, { headers });
    if (response.status !== 200)
      throw new Error(`GET /api/events → ${response.status}: ${await response.text()}`);
    return new EventStream(response);
  }

  /** Seqs of the logged events received so far, in order. */
  get seqs(): number[] {
    return this.frames.map((frame) => frame.message.seq);
  }

  /** The highest seq received (0 if none). */
  get lastSeq(): number {
    return this.frames.at(-1)?.message.seq ?? 0;
  }

  get ended(): boolean {
    return this.#ended;
  }

  /** Resolves once the received frames satisfy `predicate`; rejects if the stream ends first. */
  waitFor(predicate: (frames: ReceivedFrame[]) => boolean): Promise<void> {
    if (predicate(this.frames)) return Promise.resolve();
    if (this.#ended) return Promise.reject(this.#error ?? new Error("the event stream ended"));
    return new Promise((resolve, reject) => this.#waiters.push({ predicate, resolve, reject }));
  }

  /** Waits for a frame of this kind (and phase). */
  waitForKind(kind: string, phase?: string): Promise<void> {
    return this.waitFor((frames) =>
      frames.some(
        (frame) => frame.message.kind === kind && (phase === undefined || frame.message.phase === phase),
      ),
    );
  }

  /** Resolves when the server ends the stream. */
  async waitForEnd(): Promise<void> {
    await this.waitFor(() => false).catch(() => {});
  }

  /** Closes the connection from the client side. */
  async close(): Promise<void> {
    await this.#reader.cancel().catch(() => {});
  }

  async #pump(): Promise<void> {
    const parser = new SseParser();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await this.#reader.read();
        if (done) break;
        for (const event of parser.push(decoder.decode(value, { stream: true })))
          this.#accept(event.id, event.data);
      }
    } catch (error) {
      this.#error = error instanceof Error ? error : new Error(String(error));
    }
    this.#ended = true;
    for (const waiter of this.#waiters.splice(0))
      waiter.reject(this.#error ?? new Error("the event stream ended"));
  }

  #accept(id: string | undefined, data: string): void {
    const decoded = decodeUiSseMessage(data);
    if (!decoded.success) throw new Error(`undecodable frame: ${data}`);
    const frame = { id, message: decoded.value.message, raw: data };
    if (decoded.value.message.kind === "heartbeat") this.heartbeats.push(frame);
    else this.frames.push(frame);
    for (const waiter of [...this.#waiters]) {
      if (waiter.predicate(this.frames)) {
        this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  }
}
