import { afterAll, beforeAll, beforeEach } from "vitest";
import type { EventStream } from "./event-stream.ts";
import { startTestServer, type TestServer, type TestServerOptions } from "./test-server.ts";

/**
 * One test server for the enclosing `describe` (or file): started before its first test, disposed after its
 * last, with the fake model's script and recorded requests reset before each test. Returns a stand-in that
 * forwards to the server once it runs, so tests use it as they would the server itself.
 */
export function useTestServer(options: TestServerOptions = {}): TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(options);
  });
  afterAll(async () => {
    await server?.dispose();
  });
  beforeEach(() => server?.fake.reset());
  return forwardTo(() => server, "the test server");
}

/**
 * The server's event stream (`GET /api/events`) for the enclosing suite, opened after `useTestServer`'s server
 * starts and closed before it is disposed (vitest runs `afterAll` hooks in reverse order).
 */
export function useServerEvents(server: TestServer): EventStream {
  let events: EventStream | undefined;
  beforeAll(async () => {
    events = await server.events();
  });
  afterAll(async () => {
    await events?.close();
  });
  return forwardTo(() => events, "the event stream");
}

/**
 * A stand-in whose properties and methods are those of the object `current` gives when they are used. Only
 * reading a property (and `in`) is forwarded: spreading it or listing its keys sees nothing, and a method is
 * bound anew on every read, so compare the real object's, not the stand-in's.
 */
function forwardTo<T extends object>(current: () => T | undefined, what: string): T {
  const target = () => {
    const value = current();
    if (value === undefined) throw new Error(`${what} is used before its suite started it`);
    return value;
  };
  return new Proxy({} as T, {
    get(_stand, key) {
      const value = target();
      const property: unknown = Reflect.get(value, key, value);
      // Methods run on the real object, so its private fields (`#reader`) are reachable.
      return typeof property === "function" ? property.bind(value) : property;
    },
    has: (_stand, key) => Reflect.has(target(), key),
  });
}
