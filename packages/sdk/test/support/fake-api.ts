import type { ScriptedEvents } from "./scripted-events.ts";

/** A JSON route of the fake API: answers a request, or undefined to fall through (404). */
export type FakeRoute = (request: { method: string; path: string; url: URL; body: unknown }) => unknown;

/**
 * A fake `fetch` for store tests: `GET /api/events` goes to the scripted event server, every other
 * request to `route`, whose value is sent back as JSON (a `Response` is sent as-is).
 */
export function fakeApi(events: ScriptedEvents, route: FakeRoute): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input), "http://parley.test");
    if (url.pathname === "/api/events") return events.fetch(url.toString(), init);
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    const answer = await route({ method, path: url.pathname, url, body });
    if (answer instanceof Response) return answer;
    if (answer === undefined) {
      return new Response(
        JSON.stringify({ error: { code: "not_found", message: `${method} ${url.pathname}` } }),
        {
          status: 404,
        },
      );
    }
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  };
}
