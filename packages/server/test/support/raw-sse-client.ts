import { connect, type Socket } from "node:net";
import { parseSseText, type SseEvent, SseParser } from "@parley/testkit";

/** How to open a raw SSE connection: the request target (path and query) and extra request headers. */
export interface RawSseRequest {
  path: string;
  headers?: Record<string, string>;
}

/**
 * An SSE client on a bare TCP socket speaking HTTP/1.1, for tests that need exact bytes: it can cut the
 * connection at any byte offset of the body (mid-frame included) and stop reading altogether, the way a
 * browser tab on a dead network or a frozen client does. The body is de-chunked; `events()` parses what
 * arrived with the WHATWG rules, so an unterminated last frame is dropped exactly as a real client drops it.
 */
export class RawSseClient {
  status = 0;
  readonly headers = new Map<string, string>();
  readonly #socket: Socket;
  readonly #decoder = new ChunkedDecoder();
  #head = Buffer.alloc(0);
  #body = Buffer.alloc(0);
  #parser = new SseParser();
  readonly #text = new TextDecoder();
  #events: SseEvent[] = [];
  #headersDone = false;
  #ended = false;
  #cutAt: number | undefined;
  #listeners: (() => boolean)[] = [];

  private constructor(socket: Socket) {
    this.#socket = socket;
    socket.on("data", (chunk: Buffer) => this.#receive(chunk));
    socket.on("close", () => {
      this.#ended = true;
      this.#notify();
    });
    socket.on("error", () => {});
  }

  /** Connects and sends `GET path`; resolves once the response headers are in. */
  static open(url: string, request: RawSseRequest): Promise<RawSseClient> {
    const { hostname, port, host } = new URL(url);
    const socket = connect({ host: hostname.replace(/^\[|\]$/g, ""), port: Number(port) });
    const client = new RawSseClient(socket);
    const lines = [`GET ${request.path} HTTP/1.1`, `host: ${host}`, "accept: text/event-stream"];
    for (const [name, value] of Object.entries(request.headers ?? {})) lines.push(`${name}: ${value}`);
    socket.write(`${lines.join("\r\n")}\r\n\r\n`);
    return client.#until(() => client.#headersDone).then(() => client);
  }

  /** Body bytes received so far (or, after a cut, exactly the bytes before the cut). */
  get body(): Buffer {
    return this.#body;
  }

  /** True once the connection is closed, by either side. */
  get ended(): boolean {
    return this.#ended;
  }

  /** The complete SSE events in the body received so far (parsed as they arrive). */
  events(): SseEvent[] {
    return [...this.#events];
  }

  /** Complete events that carry an `id:` (logged events, not heartbeats). */
  loggedEvents(): SseEvent[] {
    return this.events().filter((event) => event.id !== undefined);
  }

  /** Resolves once `predicate` holds for the received body; rejects if the connection ends first. */
  waitFor(predicate: (client: RawSseClient) => boolean): Promise<void> {
    return this.#until(() => predicate(this), true);
  }

  /**
   * Closes the connection as soon as `offset` body bytes have arrived and keeps exactly those bytes,
   * as if the network died there. Resolves with the kept body.
   */
  async cutAt(offset: number): Promise<Buffer> {
    this.#cutAt = offset;
    this.#applyCut();
    await this.#until(() => this.#ended);
    return this.#body;
  }

  /** Stops reading from the socket: the kernel buffers fill up and the server sees a stalled client. */
  pause(): void {
    this.#socket.pause();
  }

  resume(): void {
    this.#socket.resume();
  }

  /** Resolves when the server closes the connection. */
  waitForEnd(): Promise<void> {
    return this.#until(() => this.#ended);
  }

  /** The local port of the socket (to find it in the kernel's socket table). */
  get localPort(): number {
    return this.#socket.localPort ?? 0;
  }

  close(): void {
    this.#socket.destroy();
  }

  #receive(chunk: Buffer): void {
    if (this.#cutAt !== undefined && this.#body.length >= this.#cutAt) return;
    if (!this.#headersDone) {
      this.#head = Buffer.concat([this.#head, chunk]);
      const end = this.#head.indexOf("\r\n\r\n");
      if (end === -1) return;
      this.#parseHead(this.#head.subarray(0, end).toString("latin1"));
      this.#headersDone = true;
      chunk = this.#head.subarray(end + 4);
    }
    const chunked = this.headers.get("transfer-encoding")?.toLowerCase() === "chunked";
    const data = chunked ? this.#decoder.push(chunk) : chunk;
    if (data.length > 0) {
      this.#body = Buffer.concat([this.#body, data]);
      this.#events.push(...this.#parser.push(this.#text.decode(data, { stream: true })));
    }
    if (chunked && this.#decoder.finished) this.#socket.end();
    this.#applyCut();
    this.#notify();
  }

  #applyCut(): void {
    if (this.#cutAt === undefined || this.#body.length < this.#cutAt) return;
    this.#body = this.#body.subarray(0, this.#cutAt);
    this.#events = parseSseText(this.#body.toString("utf8"));
    this.#parser = new SseParser();
    this.#socket.destroy();
  }

  #parseHead(head: string): void {
    const [statusLine, ...headerLines] = head.split("\r\n");
    this.status = Number(statusLine?.split(" ")[1]);
    for (const line of headerLines) {
      const colon = line.indexOf(":");
      this.headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
  }

  #until(condition: () => boolean, failOnEnd = false): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        if (condition()) {
          resolve();
          return true;
        }
        if (this.#ended) {
          if (failOnEnd) reject(new Error("the SSE connection ended before the expected data arrived"));
          else resolve();
          return true;
        }
        return false;
      };
      if (!check()) this.#listeners.push(check);
    });
  }

  #notify(): void {
    this.#listeners = this.#listeners.filter((listener) => !listener());
  }
}

/** Decodes an HTTP/1.1 chunked body incrementally. */
class ChunkedDecoder {
  #buffer = Buffer.alloc(0);
  #remaining = 0;
  #state: "size" | "data" | "data-end" | "done" = "size";

  get finished(): boolean {
    return this.#state === "done";
  }

  push(chunk: Buffer): Buffer {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    const out: Buffer[] = [];
    for (;;) {
      if (this.#state === "size") {
        const end = this.#buffer.indexOf("\r\n");
        if (end === -1) break;
        this.#remaining = Number.parseInt(
          this.#buffer.subarray(0, end).toString("latin1").split(";")[0] ?? "",
          16,
        );
        this.#buffer = this.#buffer.subarray(end + 2);
        this.#state = this.#remaining === 0 ? "done" : "data";
      } else if (this.#state === "data") {
        if (this.#buffer.length === 0) break;
        const take = Math.min(this.#remaining, this.#buffer.length);
        out.push(this.#buffer.subarray(0, take));
        this.#buffer = this.#buffer.subarray(take);
        this.#remaining -= take;
        if (this.#remaining === 0) this.#state = "data-end";
      } else if (this.#state === "data-end") {
        if (this.#buffer.length < 2) break;
        this.#buffer = this.#buffer.subarray(2);
        this.#state = "size";
      } else {
        break;
      }
    }
    return Buffer.concat(out);
  }
}
