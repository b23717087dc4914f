/**
 * The fetch API's `Headers`, written out so that a response Hono builds needs none of Node's fetch
 * implementation (undici, ~30 ms of CPU to load; see fetch-classes.ts). Same semantics where Parley and
 * Hono reach: names case-insensitive, values trimmed of HTTP whitespace, repeated values joined with ", "
 * (`cookie` with "; ") except `set-cookie`, iteration in name order.
 */
type HeadersInit = ConstructorParameters<typeof Headers>[0];

export class LightHeaders {
  /** Lower-case name → its values in the order appended. */
  readonly #fields = new Map<string, string[]>();

  constructor(init?: HeadersInit | null) {
    if (init === undefined || init === null) return;
    if (typeof init !== "object") throw new TypeError("Headers: init must be an object");
    if (Symbol.iterator in init) {
      for (const pair of init as Iterable<Iterable<string>>) {
        const [name, value, ...rest] = [...pair] as (string | undefined)[];
        if (name === undefined || value === undefined || rest.length > 0) {
          throw new TypeError("Headers: each header must be a [name, value] pair");
        }
        this.append(name, value);
      }
      return;
    }
    for (const [name, value] of Object.entries(init as Record<string, string>)) this.append(name, value);
  }

  append(name: string, value: string): void {
    const key = fieldName(name);
    const values = this.#fields.get(key);
    if (values === undefined) this.#fields.set(key, [fieldValue(value)]);
    else values.push(fieldValue(value));
  }

  set(name: string, value: string): void {
    this.#fields.set(fieldName(name), [fieldValue(value)]);
  }

  delete(name: string): void {
    this.#fields.delete(fieldName(name));
  }

  get(name: string): string | null {
    const key = fieldName(name);
    const values = this.#fields.get(key);
    return values === undefined ? null : joined(key, values);
  }

  has(name: string): boolean {
    return this.#fields.has(fieldName(name));
  }

  getSetCookie(): string[] {
    return [...(this.#fields.get("set-cookie") ?? [])];
  }

  forEach(callback: (value: string, name: string, parent: LightHeaders) => void, thisArg?: unknown): void {
    for (const [name, value] of this.entries()) callback.call(thisArg, value, name, this);
  }

  *entries(): IterableIterator<[string, string]> {
    for (const name of [...this.#fields.keys()].sort()) {
      const values = this.#fields.get(name) ?? [];
      if (name === "set-cookie") for (const value of values) yield [name, value];
      else yield [name, joined(name, values)];
    }
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return "Headers";
  }

  /** Node's `writeHead` form: one string per name, an array for `set-cookie`. */
  static toNode(headers: Headers | LightHeaders): Record<string, string | string[]> {
    const record: Record<string, string | string[]> = {};
    for (const [name, value] of headers) {
      if (name === "set-cookie") record[name] = headers.getSetCookie();
      else record[name] = value;
    }
    return record;
  }

  /** True for instances of this class, which the `Headers` global (see fetch-classes.ts) counts as its own. */
  static isLight(value: unknown): value is LightHeaders {
    return typeof value === "object" && value !== null && #fields in value;
  }
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const FORBIDDEN_IN_VALUE = /[\0\r\n]/;

/** A repeated field's values as one: a `Cookie` line's pairs are separated by "; ", as the fetch API does. */
function joined(name: string, values: string[]): string {
  return values.join(name === "cookie" ? "; " : ", ");
}

function fieldName(name: string): string {
  const text = String(name);
  if (!TOKEN.test(text)) throw new TypeError(`Headers: invalid header name ${JSON.stringify(text)}`);
  return text.toLowerCase();
}

function fieldValue(value: string): string {
  const text = String(value).replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, "");
  if (FORBIDDEN_IN_VALUE.test(text)) throw new TypeError("Headers: invalid header value");
  return text;
}
