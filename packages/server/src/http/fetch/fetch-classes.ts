import { IncomingRequest } from "./incoming-request.ts";
import { LightHeaders } from "./light-headers.ts";
import { LightResponse, lightBody } from "./light-response.ts";
import { isNodeFetchInstance, keepNodeFetchClass, nodeFetchClass } from "./node-fetch-classes.ts";

/**
 * The `Headers`, `Request` and `Response` globals while Parley's server runs. Hono builds its responses
 * with the globals (`new Response(...)`, `new Headers()`); Node's are lazy and the first use loads its
 * fetch implementation (undici, ~30 ms of CPU), which @hono/node-server triggered as soon as it was
 * imported. These build light objects for what a JSON API sends and Node's own for anything else
 * (a stream body, `fetch`'s arguments), and count both as their instances, so `instanceof` holds for a
 * `fetch` result too. Node's classes stay reachable (node-fetch-classes.ts) and load on first need.
 */
class FetchHeaders extends LightHeaders {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return LightHeaders.isLight(value) || isNodeFetchInstance("Headers", value);
  }
}

class FetchResponse {
  constructor(body?: unknown, init?: ResponseInit) {
    const light = lightBody(body);
    // biome-ignore lint/correctness/noConstructorReturn: a string, bytes or no body makes a light response.
    if (light !== undefined) return new LightResponse(light, init);
    // biome-ignore lint/correctness/noConstructorReturn: a stream or any other body is Node's to handle.
    return new (nodeFetchClass("Response"))(body as ConstructorParameters<typeof Response>[0], init);
  }

  static json(data: unknown, init?: ResponseInit): Response {
    return nodeFetchClass("Response").json(data, init);
  }
  static error(): Response {
    return nodeFetchClass("Response").error();
  }
  static redirect(url: string | URL, status?: number): Response {
    return nodeFetchClass("Response").redirect(url, status as 302);
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    return LightResponse.isLight(value) || isNodeFetchInstance("Response", value);
  }
}

class FetchRequest {
  constructor(input: ConstructorParameters<typeof Request>[0], init?: RequestInit) {
    // biome-ignore lint/correctness/noConstructorReturn: the fetch API's Request, as the input asks.
    return fetchRequest(input, init);
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    return IncomingRequest.isIncoming(value) || isNodeFetchInstance("Request", value);
  }
}

/**
 * Hono's body limit hands the body it read back as `new Request(request, { body })`: that stays light. Any
 * other request made in the process is Node's.
 */
function fetchRequest(input: ConstructorParameters<typeof Request>[0], init?: RequestInit): object {
  if (!IncomingRequest.isIncoming(input)) return new (nodeFetchClass("Request"))(input, init);
  const keys = init === undefined ? [] : Object.keys(init);
  if (keys.length === 1 && keys[0] === "body" && init?.body instanceof Uint8Array) {
    return input.withBody(init.body);
  }
  return new (nodeFetchClass("Request"))(input.nodeRequest(), init);
}

const SERVER_CLASSES = { Headers: FetchHeaders, Request: FetchRequest, Response: FetchResponse };

/** Puts the server's classes in the globals' place, once per process. */
export function useServerFetchClasses(): void {
  for (const [name, serverClass] of Object.entries(SERVER_CLASSES) as [
    keyof typeof SERVER_CLASSES,
    unknown,
  ][]) {
    // The descriptor, not the value: reading Node's global would load undici.
    if (Object.getOwnPropertyDescriptor(globalThis, name)?.value === serverClass) continue;
    keepNodeFetchClass(name);
    Object.defineProperty(globalThis, name, { value: serverClass, writable: true, configurable: true });
  }
}
