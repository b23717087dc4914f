import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { LightHeaders } from "./light-headers.ts";
import { nodeFetchClass } from "./node-fetch-classes.ts";

const utf8 = new TextDecoder();

/** A request target or Host header the server does not take: answered 400 before Hono sees it. */
export class BadRequestTarget extends Error {}

/**
 * The fetch API's `Request` over Node's incoming message, as Hono reads it: URL, method and headers,
 * `text()`/`json()`/`arrayBuffer()` read straight from the socket, `signal` aborted when the client goes
 * away before its answer is written, `body` a stream over the message. None of it loads Node's fetch
 * implementation (undici); anything else (`clone()`, `formData()`, `cache`, ...) is asked of a Node
 * `Request` made from this one then.
 */
export class IncomingRequest {
  readonly #incoming: IncomingMessage;
  readonly #url: string;
  /** The body already read (given by the fetch `Request` global when a middleware re-wraps one). */
  readonly #bytes: Uint8Array | undefined;
  #headers: LightHeaders | undefined;
  #controller: AbortController | undefined;
  #abortReason: unknown;
  #stream: ReadableStream<Uint8Array> | undefined;
  #used = false;
  #node: Request | undefined;

  constructor(incoming: IncomingMessage, bytes?: Uint8Array) {
    this.#incoming = incoming;
    this.#url = requestUrl(incoming);
    this.#bytes = bytes;
  }

  get url(): string {
    return this.#url;
  }
  get method(): string {
    return this.#incoming.method ?? "GET";
  }
  get headers(): LightHeaders {
    if (this.#headers === undefined) {
      // From the raw pairs, as the fetch API joins them: Node keeps only the first of a repeated Host.
      const raw = this.#incoming.rawHeaders;
      const headers = new LightHeaders();
      for (let index = 0; index + 1 < raw.length; index += 2) {
        headers.append(raw[index] as string, raw[index + 1] as string);
      }
      this.#headers = headers;
    }
    return this.#headers;
  }
  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#abortReason !== undefined) this.#controller.abort(this.#abortReason);
    }
    return this.#controller.signal;
  }
  get body(): ReadableStream<Uint8Array> | null {
    if (!carriesBody(this.method)) return null;
    if (this.#node !== undefined) return this.#node.body;
    this.#stream ??= this.#newStream();
    return this.#stream;
  }
  get bodyUsed(): boolean {
    return this.#used || (this.#node?.bodyUsed ?? false);
  }

  /** Marks the request abandoned by its client: `signal` aborts with `reason`. */
  abort(reason: unknown): void {
    this.#abortReason ??= reason;
    this.#controller?.abort(reason);
  }

  /**
   * This request with its body already read (`bytes`). The copy shares this one's signal: the listener
   * aborts the request it made when the client goes away, and the handlers read the copy.
   */
  withBody(bytes: Uint8Array): IncomingRequest {
    const request = new IncomingRequest(this.#incoming, bytes);
    request.#headers = this.#headers;
    void this.signal;
    request.#controller = this.#controller;
    request.#abortReason = this.#abortReason;
    return request;
  }

  async text(): Promise<string> {
    return utf8.decode(await this.bytes());
  }
  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.bytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }
  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    if (this.#node !== undefined) return new Uint8Array(await this.#node.arrayBuffer());
    // A stream made but never read (Hono's body limit only checks that there is one) leaves the body unread.
    if (this.#used) throw new TypeError("Request: the body was already read");
    this.#used = true;
    if (!carriesBody(this.method)) return new Uint8Array();
    if (this.#bytes !== undefined) return this.#bytes as Uint8Array<ArrayBuffer>;
    const chunks: Buffer[] = [];
    for await (const chunk of this.#incoming) chunks.push(chunk as Buffer);
    return (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)) as Uint8Array<ArrayBuffer>;
  }
  blob(): Promise<Blob> {
    return this.#nodeRequest().blob();
  }
  formData(): Promise<FormData> {
    return this.#nodeRequest().formData();
  }
  clone(): Request {
    return this.#nodeRequest().clone();
  }
  get cache(): Request["cache"] {
    return this.#nodeRequest().cache;
  }
  get credentials(): Request["credentials"] {
    return this.#nodeRequest().credentials;
  }
  get destination(): Request["destination"] {
    return this.#nodeRequest().destination;
  }
  get integrity(): string {
    return this.#nodeRequest().integrity;
  }
  get keepalive(): boolean {
    return this.#nodeRequest().keepalive;
  }
  get mode(): Request["mode"] {
    return this.#nodeRequest().mode;
  }
  get redirect(): Request["redirect"] {
    return this.#nodeRequest().redirect;
  }
  get referrer(): string {
    return this.#nodeRequest().referrer;
  }
  get referrerPolicy(): Request["referrerPolicy"] {
    return this.#nodeRequest().referrerPolicy;
  }
  get [Symbol.toStringTag](): string {
    return "Request";
  }

  /** True for instances of this class, which the `Request` global (see fetch-classes.ts) counts as its own. */
  static isIncoming(value: unknown): value is IncomingRequest {
    return typeof value === "object" && value !== null && #incoming in value;
  }

  /** A Node `Request` with the same URL, method, headers, signal and (unread) body, made once. */
  nodeRequest(): Request {
    return this.#nodeRequest();
  }

  #nodeRequest(): Request {
    if (this.#node === undefined) {
      const body = this.#bytes ?? this.body;
      if (this.#used && this.#bytes === undefined) throw new TypeError("Request: the body was already read");
      this.#node = new (nodeFetchClass("Request"))(this.#url, {
        method: this.method,
        headers: [...this.headers],
        signal: this.signal,
        ...(body !== null && { body, duplex: "half" }),
      } as RequestInit);
    }
    return this.#node;
  }

  /** The body as a stream, reading the socket only when the stream is read (as @hono/node-server did). */
  #newStream(): ReadableStream<Uint8Array> {
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    let streaming = false;
    return new ReadableStream<Uint8Array>(
      {
        pull: async (controller) => {
          if (this.#used && !streaming) throw new TypeError("Request: the body was already read");
          this.#used = true;
          streaming = true;
          if (this.#bytes !== undefined) {
            controller.enqueue(this.#bytes);
            controller.close();
            return;
          }
          reader ??= (Readable.toWeb(this.#incoming) as ReadableStream<Uint8Array>).getReader();
          const next = await reader.read();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
        cancel: (reason) => reader?.cancel(reason),
      },
      { highWaterMark: 0 },
    );
  }
}

function carriesBody(method: string): boolean {
  return method !== "GET" && method !== "HEAD";
}

/** Targets and hosts that need no parsing; anything else goes through `URL` and must come out the same. */
const PLAIN_TARGET = /^\/[!#$&-;=?-[\]_a-z~]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/;
const PLAIN_HOST = /^[a-z0-9._-]+(?::\d{1,5})?$/;

/** The request's absolute URL; throws BadRequestTarget for a target or Host that could mean two things. */
function requestUrl(incoming: IncomingMessage): string {
  const target = incoming.url ?? "";
  const absolute = /^https?:\/\//i.test(target);
  if (!absolute && !target.startsWith("/")) throw new BadRequestTarget("invalid request target");
  const host = incoming.headers.host ?? "localhost";
  const url = `http://${host}${target}`;
  if (!absolute && PLAIN_HOST.test(host) && PLAIN_TARGET.test(target) && !DOT_SEGMENT.test(target))
    return url;
  const backslash = target.indexOf("\\");
  const query = target.indexOf("?");
  if (backslash !== -1 && (query === -1 || backslash < query)) {
    throw new BadRequestTarget("a backslash in the request path");
  }
  if (absolute) return parsed(target).href;
  const result = parsed(url);
  if (result.hostname !== host.replace(/:\d+$/, "").toLowerCase())
    throw new BadRequestTarget("invalid Host header");
  return result.href;
}

function parsed(url: string): URL {
  try {
    return new URL(url);
  } catch {
    throw new BadRequestTarget("invalid request URL");
  }
}
