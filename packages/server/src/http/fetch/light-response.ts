import { LightHeaders } from "./light-headers.ts";
import { nodeFetchClass } from "./node-fetch-classes.ts";

/** The bodies a light response holds as they are; any other kind makes Node's own Response. */
export type LightBody = string | Uint8Array | null;

/** What the HTTP layer writes for a light response: status, headers and the body as given. */
export interface LightResponseParts {
  status: number;
  statusText: string;
  headers: Headers;
  body: LightBody;
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * The fetch API's `Response` for the bodies a JSON API sends (a string, bytes, none): Hono builds one per
 * request (`c.json`, `c.body`, its error and not-found answers), and the HTTP layer writes its parts straight
 * to Node's response. Anything it cannot answer itself (`body` as a stream, `blob()`, `formData()`) is asked
 * of a Node `Response` made from it then, and from then on that one is the response.
 */
export class LightResponse {
  readonly #status: number;
  readonly #statusText: string;
  readonly #headers: LightHeaders;
  readonly #body: LightBody;
  #used = false;
  #node: Response | undefined;

  constructor(light: LightBody, init?: ResponseInit) {
    const status = init?.status ?? 200;
    if (!Number.isInteger(status) || status < 200 || status > 599) {
      throw new RangeError(`Response: status ${status} is outside 200-599`);
    }
    if (light !== null && NULL_BODY_STATUSES.has(status)) {
      throw new TypeError(`Response: a ${status} response has no body`);
    }
    this.#status = status;
    this.#statusText = init?.statusText ?? "";
    this.#headers = new LightHeaders(init?.headers);
    this.#body = light;
    if (typeof light === "string" && !this.#headers.has("content-type")) {
      this.#headers.set("content-type", "text/plain;charset=UTF-8");
    }
  }

  get status(): number {
    return this.#status;
  }
  get statusText(): string {
    return this.#statusText;
  }
  get ok(): boolean {
    return this.#status >= 200 && this.#status < 300;
  }
  get headers(): Headers {
    return this.#node?.headers ?? this.#headers;
  }
  get type(): Response["type"] {
    return "default";
  }
  get url(): string {
    return "";
  }
  get redirected(): boolean {
    return false;
  }
  get body(): ReadableStream<Uint8Array> | null {
    if (this.#node === undefined && this.#body === null) return null;
    return this.#nodeResponse().body;
  }
  get bodyUsed(): boolean {
    return this.#used || (this.#node?.bodyUsed ?? false);
  }

  async text(): Promise<string> {
    if (this.#node !== undefined) return this.#node.text();
    this.#use();
    const body = this.#body;
    return typeof body === "string" ? body : body === null ? "" : new TextDecoder().decode(body);
  }
  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(await this.arrayBuffer());
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    if (this.#node !== undefined) return this.#node.arrayBuffer();
    this.#use();
    const body = this.#body;
    return (typeof body === "string" ? new TextEncoder().encode(body) : new Uint8Array(body ?? [])).buffer;
  }
  blob(): Promise<Blob> {
    return this.#nodeResponse().blob();
  }
  formData(): Promise<FormData> {
    return this.#nodeResponse().formData();
  }
  clone(): Response | LightResponse {
    if (this.#node !== undefined) return this.#node.clone();
    if (this.#used) throw new TypeError("Response: the body was already read");
    return new LightResponse(this.#body, {
      status: this.#status,
      statusText: this.#statusText,
      headers: this.#headers,
    });
  }

  get [Symbol.toStringTag](): string {
    return "Response";
  }

  /** The parts to write when the response is still light, else undefined (write it as a Node Response). */
  static partsOf(response: unknown): LightResponseParts | undefined {
    if (!LightResponse.isLight(response) || response.#node !== undefined) return undefined;
    return {
      status: response.#status,
      statusText: response.#statusText,
      headers: response.#headers,
      body: response.#body,
    };
  }

  /** True for instances of this class, which the `Response` global (see fetch-classes.ts) counts as its own. */
  static isLight(value: unknown): value is LightResponse {
    return typeof value === "object" && value !== null && #body in value;
  }

  #use(): void {
    if (this.#used) throw new TypeError("Response: the body was already read");
    this.#used = true;
  }

  #nodeResponse(): Response {
    if (this.#node === undefined) {
      const NodeResponse = nodeFetchClass("Response");
      this.#node = new NodeResponse(
        (this.#used ? null : this.#body) as ConstructorParameters<typeof Response>[0],
        {
          status: this.#status,
          statusText: this.#statusText,
          headers: [...this.#headers],
        },
      );
    }
    return this.#node;
  }
}

/** `body` as a light body, or undefined when it is a kind only Node's Response takes. */
export function lightBody(body: unknown): LightBody | undefined {
  if (body === undefined || body === null) return null;
  if (typeof body === "string" || body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  return undefined;
}
