import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { type ParleyServer, startParleyServer } from "../src/index.ts";
import { rawRequest } from "./support/raw-http.ts";
import { expectServerProcessToFail, spawnServerProcess } from "./support/spawn-server-process.ts";
import { canReadSocketTable, listeningAddresses } from "./support/tcp-sockets.ts";
import { makeDirectories } from "./support/test-server.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

describe("the server's credentials", () => {
  const created: { project: string; home: string }[] = [];
  const temporaryDirectories = () => {
    const made = makeDirectories();
    created.push(made);
    return made;
  };
  const directories = temporaryDirectories();
  let running: ParleyServer | undefined;
  let clock = Date.now();
  afterEach(async () => {
    await running?.close();
    running = undefined;
    clock = Date.now();
  });
  afterAll(() => {
    for (const made of created) rmSync(join(made.project, ".."), { recursive: true, force: true });
  });
  const start = async (options: { token?: string } = {}) => {
    running = await startParleyServer({
      projectRoot: directories.project,
      home: directories.home,
      port: 0,
      env: {},
      now: () => clock,
      ...options,
    });
    return running;
  };
  const dataDirectory = () => dirname(running?.tokenFile ?? "");
  const get = (server: ParleyServer, path: string, headers: Record<string, string>) =>
    rawRequest(server.url, { method: "GET", path, headers });

  it("listens on loopback only by default", async () => {
    const server = await start();
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    if (canReadSocketTable) expect(listeningAddresses(server.port)).toEqual(["127.0.0.1"]);
  });

  it("refuses to listen on another interface without a token of at least 16 characters, before touching any data", async () => {
    const { home, project } = temporaryDirectories();
    for (const [host, token] of [
      ["0.0.0.0", undefined],
      ["::", undefined],
      ["192.168.1.10", undefined],
      ["0.0.0.0", "short-secret"],
    ] as const) {
      await expect(
        startParleyServer({ projectRoot: project, home, port: 0, env: {}, host, ...(token && { token }) }),
      ).rejects.toThrow(/refusing to listen on .* without authentication: set PARLEY_TOKEN/);
    }
    expect(readdirSync(home)).toEqual([]);
  });

  it("uses a fresh 128-bit token at every launch, stored with mode 0600 in a private directory", async () => {
    const first = await start();
    expect(first.token).toMatch(/^[0-9a-f]{32}$/);
    const tokenFile = join(dataDirectory(), "token");
    expect(readFileSync(tokenFile, "utf8").trim()).toBe(first.token);
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    expect(statSync(dataDirectory()).mode & 0o777).toBe(0o700);
    expect(statSync(join(directories.home, "cookie-secret")).mode & 0o777).toBe(0o600);
    const oldToken = first.token;
    await first.close();

    const second = await start();
    expect(second.token).not.toBe(oldToken);
    expect(readFileSync(tokenFile, "utf8").trim()).toBe(second.token);
    expect((await get(second, "/api/sessions", { authorization: `Bearer ${oldToken}` })).status).toBe(401);
    expect((await get(second, "/api/sessions", { authorization: `Bearer ${second.token}` })).status).toBe(
      200,
    );
  });

  it("uses PARLEY_TOKEN as the token when it is set", async () => {
    const server = await start({ token: "a-configured-secret-of-some-length" });
    expect(server.token).toBe("a-configured-secret-of-some-length");
    expect(readFileSync(join(dataDirectory(), "token"), "utf8").trim()).toBe(server.token);
    const headers = { authorization: `Bearer ${server.token}` };
    expect((await get(server, "/api/sessions", headers)).status).toBe(200);
  });

  it("the one-time login URL sets an HttpOnly SameSite=Strict cookie, once, which then authenticates API calls and SSE", async () => {
    const server = await start();
    const login = new URL(server.loginUrl());
    const first = await get(server, `${login.pathname}${login.search}`, {});
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe("/");
    const setCookie = [first.headers["set-cookie"] ?? []].flat();
    expect(setCookie).toHaveLength(1);
    const attributes = (setCookie[0] ?? "").split(";").map((part) => part.trim());
    expect(attributes).toEqual(expect.arrayContaining(["HttpOnly", "SameSite=Strict", "Path=/"]));
    expect(attributes.join(";")).not.toContain(server.token);
    const cookie = attributes[0] ?? "";
    expect(cookie).toMatch(/^parley_session=/);

    // The code works once; a reused or made-up code signs nobody in.
    expect((await get(server, `${login.pathname}${login.search}`, {})).status).toBe(401);
    expect((await get(server, "/auth/login?code=not-a-code", {})).status).toBe(401);
    expect((await get(server, "/auth/login", {})).status).toBe(401);

    expect((await get(server, "/api/sessions", { cookie })).status).toBe(200);
    const events = await get(server, "/api/events", { cookie, origin: server.url });
    expect(events.status).toBe(200);
    expect(events.headers["content-type"]).toContain("text/event-stream");
    // A page on the server's own origin may change state with the cookie; another origin may not.
    const post = (origin: string) =>
      rawRequest(server.url, {
        method: "POST",
        path: "/api/sessions",
        headers: { cookie, origin, "content-type": "application/json" },
        body: JSON.stringify({ title: "From the browser" }),
      });
    expect((await post(server.url)).status).toBe(201);
    expect((await post("https://evil.example")).status).toBe(403);
    expect(server.context.store.sessions.list(server.context.projectRoot)).toHaveLength(1);
  });

  it("a login URL may open a page of the UI after signing in, never another site", async () => {
    const server = await start();
    const signIn = async (next: string) => {
      const login = new URL(server.loginUrl());
      login.searchParams.set("next", next);
      const response = await get(server, `${login.pathname}${login.search}`, {});
      expect(response.status).toBe(303);
      return response.headers.location;
    };
    expect(await signIn("/sessions/ses_abc")).toBe("/sessions/ses_abc");
    expect(await signIn("/workflows")).toBe("/workflows");
    for (const elsewhere of [
      "//evil.example/x",
      "https://evil.example",
      "/\\evil.example",
      "/sessions/../api",
    ])
      expect(await signIn(elsewhere)).toBe("/");
  });

  it("a login URL minted through the API works once too", async () => {
    const server = await start();
    const minted = await rawRequest(server.url, {
      method: "POST",
      path: "/api/auth/login-url",
      headers: { authorization: `Bearer ${server.token}`, "content-type": "application/json" },
      body: "{}",
    });
    const url = new URL((JSON.parse(minted.body) as { url: string }).url);
    expect(url.origin).toBe(server.url);
    expect((await get(server, `${url.pathname}${url.search}`, {})).status).toBe(303);
    expect((await get(server, `${url.pathname}${url.search}`, {})).status).toBe(401);
  });

  it("a tampered or expired session cookie is refused", async () => {
    const server = await start();
    const login = new URL(server.loginUrl());
    const response = await get(server, `${login.pathname}${login.search}`, {});
    const cookie = [response.headers["set-cookie"] ?? []].flat()[0]?.split(";")[0] ?? "";
    const [name, value = ""] = cookie.split("=");
    const [version, nonce, expiry, signature = ""] = value.split(".");
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    const tampered = [
      `${name}=${version}.${nonce}.${expiry}.${flipped}`,
      `${name}=${version}.${nonce}.${Number(expiry) + DAY_MS}.${signature}`,
      `${name}=${version}.${nonce}x.${expiry}.${signature}`,
      `${name}=v2.${nonce}.${expiry}.${signature}`,
      `${name}=${version}.${nonce}.${expiry}`,
      `${name}=`,
    ];
    expect((await get(server, "/api/sessions", { cookie })).status).toBe(200);
    for (const forged of tampered) {
      expect((await get(server, "/api/sessions", { cookie: forged })).status, forged).toBe(401);
    }

    clock += 31 * DAY_MS;
    expect((await get(server, "/api/sessions", { cookie })).status).toBe(401);
    expect((await get(server, "/api/events", { cookie })).status).toBe(401);
  });

  it("a server process never prints or logs its token, and a non-loopback bind without a token exits", async () => {
    const { home, project } = temporaryDirectories();
    const child = await spawnServerProcess({ project, home });
    try {
      if (canReadSocketTable) expect(listeningAddresses(child.port)).toEqual(["127.0.0.1"]);
      expect(statSync(child.tokenFile).mode & 0o777).toBe(0o600);
      // Give the server every chance to log something: refused, wrong, misplaced and failing requests.
      const attempts = [
        rawRequest(child.url, { method: "GET", path: `/api/sessions?token=${child.token}`, headers: {} }),
        rawRequest(child.url, {
          method: "GET",
          path: "/api/sessions",
          headers: { authorization: `Bearer ${child.token}0` },
        }),
        rawRequest(child.url, {
          method: "GET",
          path: "/api/sessions",
          headers: { authorization: `Bearer ${child.token}`, host: "evil.example" },
        }),
        rawRequest(child.url, { method: "GET", path: `/auth/login?code=${child.token}`, headers: {} }),
        rawRequest(child.url, {
          method: "POST",
          path: "/api/chat",
          headers: { authorization: `Bearer ${child.token}`, "content-type": "application/json" },
          body: "{not json",
        }),
        rawRequest(child.url, {
          method: "POST",
          path: "/api/sessions/ses_0000/messages",
          headers: { authorization: `Bearer ${child.token}`, "content-type": "application/json" },
          body: JSON.stringify({ text: "hello" }),
        }),
      ];
      expect((await Promise.all(attempts)).map((response) => response.status)).toEqual([
        401, 401, 403, 401, 400, 404,
      ]);
    } finally {
      child.child.kill("SIGTERM");
    }
    expect((await child.exited).code).toBe(0);
    expect(child.output()).not.toContain(child.token);

    const refused = await expectServerProcessToFail({ project, home, args: ["--host", "0.0.0.0"] });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("refusing to listen on 0.0.0.0 without authentication");
  }, 30_000);
});
