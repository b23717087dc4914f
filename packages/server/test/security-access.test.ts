import { randomBytes } from "node:crypto";
import { reply } from "@parley/testkit";
import { beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "../src/http/app.ts";
import type { RouteDefinition } from "../src/http/route.ts";
import { type RawRequest, type RawResponse, rawRequest } from "./support/raw-http.ts";
import { useTestServer } from "./support/use-test-server.ts";

const EVIL_HOST = "evil.example";
const EVIL_ORIGIN = "https://evil.example";

/** A request path for a route: path parameters filled with a well-formed id that names nothing. */
const concretePath = (route: RouteDefinition) => route.path.replace(/:[a-z_]+/g, "ses_0000");
const describeRoute = (route: RouteDefinition) => `${route.method.toUpperCase()} ${route.path}`;
const errorCode = (response: RawResponse) => {
  try {
    return (JSON.parse(response.body) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
};

describe("who may call the API", () => {
  let routes: RouteDefinition[];
  const responses: RawResponse[] = [];
  let ownHost: string;
  let ownOrigin: string;

  /** Sends a request for `route`, with a JSON body where it takes one, and records the response. */
  const call = async (
    route: RouteDefinition,
    headers: Record<string, string>,
    extra: Partial<RawRequest> = {},
  ) => {
    const hasBody = route.method !== "get" && route.method !== "delete";
    const response = await rawRequest(server.url, {
      method: route.method.toUpperCase(),
      path: concretePath(route),
      headers: { ...(hasBody && { "content-type": "application/json" }), ...headers },
      ...(hasBody && { body: "{}" }),
      ...extra,
    });
    responses.push(response);
    return response;
  };
  const bearer = () => ({ authorization: `Bearer ${server.server.token}` });

  const server = useTestServer();
  beforeAll(async () => {
    routes = apiRoutes(server.server.context, "test");
    ownHost = new URL(server.url).host;
    ownOrigin = server.url;
  });

  it("every route but health answers 401 without credentials, with a wrong token, or with the token in the URL", async () => {
    const wrongTokens = [
      `Bearer ${randomBytes(16).toString("hex")}`,
      `Bearer ${server.server.token}x`,
      `Bearer ${server.server.token.slice(0, -1)}`,
      `Basic ${Buffer.from(`user:${server.server.token}`).toString("base64")}`,
      "Bearer",
      server.server.token,
    ];
    for (const route of routes) {
      const name = describeRoute(route);
      const anonymous = await call(route, {});
      if (route.path === "/api/health") {
        expect(anonymous.status, name).toBe(200);
        continue;
      }
      expect(anonymous.status, name).toBe(401);
      expect(errorCode(anonymous), name).toBe("unauthorized");
      for (const authorization of wrongTokens) {
        expect(
          (await call(route, { authorization })).status,
          `${name} with ${authorization.split(" ")[0]}`,
        ).toBe(401);
      }
      const inQuery = await call(route, {}, { path: `${concretePath(route)}?token=${server.server.token}` });
      expect(inQuery.status, `${name} with ?token=`).toBe(401);
    }
  });

  it("a foreign Host is refused with 403 before anything else, with or without the token (DNS rebinding)", async () => {
    for (const route of routes) {
      for (const headers of [{}, bearer()]) {
        for (const host of [
          EVIL_HOST,
          `${EVIL_HOST}:${server.server.port}`,
          `127.0.0.1.${EVIL_HOST}:${server.server.port}`,
        ]) {
          const response = await call(route, { ...headers, host });
          expect(response.status, `${describeRoute(route)} Host: ${host}`).toBe(403);
          expect(errorCode(response)).toBe("forbidden_host");
        }
      }
    }
    // The same goes for the browser login page and for paths no route serves.
    for (const path of ["/auth/login?code=x", "/", "/api/nothing-here"]) {
      const response = await rawRequest(server.url, { method: "GET", path, headers: { host: EVIL_HOST } });
      expect(response.status, path).toBe(403);
    }
  });

  it("a foreign or null Origin is refused on every route, reads included, so no foreign page reads the API", async () => {
    expect(routes.filter((route) => route.method === "get").length).toBeGreaterThan(10);
    for (const route of routes) {
      for (const origin of [EVIL_ORIGIN, "null", `http://${ownHost}.evil.example`, `https://${ownHost}`]) {
        const response = await call(route, { ...bearer(), origin });
        expect(response.status, `${describeRoute(route)} Origin: ${origin}`).toBe(403);
        expect(errorCode(response)).toBe("forbidden_origin");
      }
      // A browser that hides the Origin but says the request is cross-site is refused too.
      const crossSite = await call(route, { ...bearer(), "sec-fetch-site": "cross-site" });
      expect(crossSite.status, `${describeRoute(route)} cross-site`).toBe(403);
    }
    // Only a person following a link to a page (not to the API) from another site gets through.
    const navigate = { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" };
    const page = await rawRequest(server.url, {
      method: "GET",
      path: "/",
      headers: { host: ownHost, ...navigate },
    });
    expect(page.status).not.toBe(403);
    const api = await rawRequest(server.url, {
      method: "GET",
      path: "/api/sessions",
      headers: { host: ownHost, ...bearer(), ...navigate },
    });
    expect(api.status).toBe(403);
  });

  it("a preflight from a foreign origin is refused", async () => {
    for (const route of routes) {
      for (const origin of [EVIL_ORIGIN, ownOrigin]) {
        const preflight = await rawRequest(server.url, {
          method: "OPTIONS",
          path: concretePath(route),
          headers: {
            origin,
            "access-control-request-method": route.method.toUpperCase(),
            "access-control-request-headers": "authorization, content-type",
          },
        });
        responses.push(preflight);
        if (origin === EVIL_ORIGIN) expect(preflight.status, describeRoute(route)).toBe(403);
      }
    }
  });

  it("requests refused by these checks changed nothing", async () => {
    expect(server.fake.requests).toHaveLength(0);
    expect(server.server.context.store.events.head).toBe(0);
    expect(server.server.context.store.sessions.list(server.server.context.projectRoot)).toEqual([]);
  });

  it("the route list is what the server serves, and covers every part of the API", async () => {
    const paths = routes.map(describeRoute);
    expect(paths).toEqual(
      expect.arrayContaining([
        "GET /api/health",
        "GET /api/events",
        "POST /api/chat",
        "POST /api/agent-cancel",
        "POST /api/ask-user-response",
        "GET /api/settings",
        "POST /api/settings",
        "GET /api/workspace/tree",
        "POST /api/mission",
        "DELETE /api/mission",
      ]),
    );
    for (const route of routes) {
      const response = await call(route, { ...bearer(), origin: ownOrigin });
      // Whatever the handler says about the made-up ids, the route exists.
      expect(response.body, describeRoute(route)).not.toContain("no such route");
      expect(response.status, describeRoute(route)).not.toBe(401);
      expect(response.status, describeRoute(route)).not.toBe(403);
    }
  });

  it("every response refuses framing, sniffing and referrers; all but event streams carry the content policy", async () => {
    // An AG-UI run's stream (the recorded calls sent it `{}`, which it refuses).
    const session = await server.json<{ id: string }>("POST", "/api/sessions", {});
    server.fake.script(reply().text("Framed?"));
    const agUi = await call(
      apiRoutes(server.server.context, "test").find(
        (route) => route.path === "/api/ag-ui",
      ) as RouteDefinition,
      { ...bearer(), origin: ownOrigin },
      {
        body: JSON.stringify({
          threadId: session.id,
          runId: "headers-run",
          messages: [{ id: "m1", role: "user", content: "Hello" }],
        }),
      },
    );
    expect(agUi.status).toBe(200);
    const streams = responses.filter((response) =>
      String(response.headers["content-type"]).startsWith("text/event-stream"),
    );
    expect(streams.length).toBeGreaterThan(1);
    expect(responses.some((response) => response.status >= 400)).toBe(true);
    for (const response of responses) {
      expect(response.headers).toMatchObject({
        "x-content-type-options": "nosniff",
        "x-frame-options": "DENY",
        "referrer-policy": "no-referrer",
      });
      const isStream = streams.includes(response);
      // A policy governs a document's loads; a stream is read by a script and held open for hours.
      expect(response.headers["content-security-policy"] === undefined, String(response.status)).toBe(
        isStream,
      );
    }
  });

  it("no response carried CORS permissions, preflights and successful calls included", () => {
    expect(responses.length).toBeGreaterThan(routes.length * 10);
    expect(responses.some((response) => response.status === 200)).toBe(true);
    for (const response of responses) {
      const corsHeaders = Object.keys(response.headers).filter((name) => name.startsWith("access-control-"));
      expect(corsHeaders).toEqual([]);
    }
  });
});

describe("what a state-changing request must look like", () => {
  const server = useTestServer();
  const post = (headers: Record<string, string>, body: string | Buffer) =>
    rawRequest(server.url, {
      method: "POST",
      path: "/api/chat",
      headers: { authorization: `Bearer ${server.server.token}`, ...headers },
      body,
    });

  it("a chat message sent as a form, as text/plain or untyped is refused with 415 and has no effect", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ "content-type": "text/plain" }, '{"text":"hi"}'],
      [{ "content-type": "text/plain;charset=UTF-8" }, '{"text":"hi"}'],
      [{ "content-type": "application/x-www-form-urlencoded" }, "text=hi"],
      [
        { "content-type": "multipart/form-data; boundary=x" },
        '--x\r\nContent-Disposition: form-data; name="text"\r\n\r\nhi\r\n--x--\r\n',
      ],
      [{}, '{"text":"hi"}'],
      [{ "content-type": "application/jsonx" }, '{"text":"hi"}'],
    ];
    for (const [headers, body] of cases) {
      const response = await post(headers, body);
      expect(response.status, JSON.stringify(headers)).toBe(415);
      expect(errorCode(response)).toBe("unsupported_media_type");
    }
    expect(server.fake.requests).toHaveLength(0);
    expect(server.server.context.store.events.head).toBe(0);
    expect(server.server.context.store.sessions.list(server.server.context.projectRoot)).toEqual([]);
  });

  it("an oversized body is refused with 413, whether announced by Content-Length or streamed in chunks", async () => {
    const huge = JSON.stringify({ text: "x".repeat(2 * 1024 * 1024) });
    const announced = await post({ "content-type": "application/json" }, huge);
    expect(announced.status).toBe(413);
    expect(errorCode(announced)).toBe("payload_too_large");
    const chunked = await post({ "content-type": "application/json", "transfer-encoding": "chunked" }, huge);
    expect(chunked.status).toBe(413);
    expect(server.fake.requests).toHaveLength(0);
    expect(server.server.context.store.sessions.list(server.server.context.projectRoot)).toEqual([]);
  });

  it("route look-alikes do not slip past the checks", async () => {
    for (const path of [
      "/api/chat/",
      "/API/chat",
      "/api//chat",
      "/api/%63hat",
      "/api/./chat",
      "/api/x/../chat",
    ]) {
      const response = await rawRequest(server.url, {
        method: "POST",
        path,
        headers: { "content-type": "application/json" },
        body: '{"text":"hi"}',
      });
      expect([401, 404], path).toContain(response.status);
    }
    expect(server.fake.requests).toHaveLength(0);
  });
});
