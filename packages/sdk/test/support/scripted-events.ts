const encoder = new TextEncoder();

/** One `GET /api/events` connection a test controls byte by byte. */
export class ScriptedConnection {
  readonly after: number | undefined;
  readonly url: string;
  #controller!: ReadableStreamDefaultController<Uint8Array>;
  #closed = false;
  #cutPending = false;
  readonly body: ReadableStream<Uint8Array>;

  constructor(url: string, signal: AbortSignal | undefined) {
    this.url = url;
    const after = new URL(url).searchParams.get("after");
    this.after = after === null ? undefined : Number(after);
    this.body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.#controller = controller;
      },
      pull: (controller) => {
        if (this.#cutPending) controller.error(new TypeError("network connection lost"));
      },
      cancel: () => {
        this.#closed = true;
      },
    });
    // An aborted fetch errors its body at once, dropping whatever was not read yet.
    signal?.addEventListener("abort", () => {
      if (this.#cutPending) return;
      this.#closed = true;
      try {
        this.#controller.error(new DOMException("aborted", "AbortError"));
      } catch {}
    });
  }

  /** True once the connection ended, from either side. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Sends bytes (as text). */
  push(text: string): void {
    if (!this.#closed) this.#controller.enqueue(encoder.encode(text));
  }

  /** Ends the response normally, as a server shutting down does. */
  end(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#controller.close();
  }

  /** Breaks the connection after the bytes already pushed have been read, as a dead network does. */
  cut(): void {
    if (this.#closed) return;
    this.#closed = true;
    if ((this.#controller.desiredSize ?? 0) > 0)
      this.#controller.error(new TypeError("network connection lost"));
    else this.#cutPending = true;
  }
}

/** How the scripted server answers the n-th events request: a live connection, or an HTTP error. */
export type EventsAnswer = { connection: true } | { status: number; body?: unknown } | { networkError: true };

/**
 * A fake `fetch` serving `GET /api/events` with connections the test drives (and nothing else). Each
 * request is answered by `answer(index, after)`; a test waits for the n-th connection with `connection(n)`.
 */
export class ScriptedEvents {
  readonly connections: ScriptedConnection[] = [];
  readonly requests: { url: string; after: number | undefined; headers: Record<string, string> }[] = [];
  answer: (index: number, after: number | undefined) => EventsAnswer = () => ({ connection: true });
  onConnection: (connection: ScriptedConnection, index: number) => void = () => {};
  #waiters: { index: number; resolve: (connection: ScriptedConnection) => void }[] = [];
  #requestWaiters: { count: number; resolve: () => void }[] = [];

  readonly fetch: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const after = new URL(url).searchParams.get("after");
    const index = this.requests.length;
    this.requests.push({
      url,
      after: after === null ? undefined : Number(after),
      headers: { ...(init?.headers as Record<string, string> | undefined) },
    });
    this.#notifyRequests();
    const answer = this.answer(index, after === null ? undefined : Number(after));
    if ("networkError" in answer) throw new TypeError("fetch failed");
    if ("status" in answer) {
      return new Response(
        JSON.stringify(answer.body ?? { error: { code: "internal", message: "scripted" } }),
        {
          status: answer.status,
          headers: { "content-type": "application/json" },
        },
      );
    }
    const connection = new ScriptedConnection(url, init?.signal ?? undefined);
    this.connections.push(connection);
    this.onConnection(connection, this.connections.length - 1);
    for (const waiter of this.#waiters.filter(
      (candidate) => candidate.index === this.connections.length - 1,
    )) {
      waiter.resolve(connection);
    }
    this.#waiters = this.#waiters.filter((waiter) => waiter.index !== this.connections.length - 1);
    return new Response(connection.body, { status: 200, headers: { "content-type": "text/event-stream" } });
  };

  /** Resolves with the n-th (0-based) connection once it is open. */
  connection(index: number): Promise<ScriptedConnection> {
    const existing = this.connections[index];
    if (existing !== undefined) return Promise.resolve(existing);
    return new Promise((resolve) => this.#waiters.push({ index, resolve }));
  }

  /** Resolves once `count` requests have been made. */
  requestCount(count: number): Promise<void> {
    if (this.requests.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.#requestWaiters.push({ count, resolve }));
  }

  #notifyRequests(): void {
    const ready = this.#requestWaiters.filter((waiter) => this.requests.length >= waiter.count);
    this.#requestWaiters = this.#requestWaiters.filter((waiter) => this.requests.length < waiter.count);
    for (const waiter of ready) waiter.resolve();
  }
}
