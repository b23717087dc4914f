import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentTurnOptions } from "@parley/engine";
import { type FakeModelServer, startFakeModelServer } from "@parley/testkit";
import type { CompactionSettings } from "../../src/agents/compaction/compaction.ts";
import type { SseConnectionOptions } from "../../src/bus/sse-connection.ts";
import {
  listenParleyServer,
  type ParleyServer,
  type ServerOptions,
  startParleyServer,
} from "../../src/index.ts";
import { EventStream } from "./event-stream.ts";
import { testDatabaseEnv } from "./test-database.ts";

/** Options of a test server; by default it talks to a fresh fake Anthropic model. */
export interface TestServerOptions {
  env?: Record<string, string>;
  sse?: Partial<SseConnectionOptions>;
  turnDefaults?: Partial<AgentTurnOptions>;
  /** When conversations are compacted automatically. */
  compaction?: Partial<CompactionSettings>;
  /** Reuse these directories (to restart a server on the same data). */
  directories?: { project: string; home: string };
  fake?: FakeModelServer;
  /** MCP timeouts and restart policy (tests shorten them). */
  mcp?: ServerOptions["mcp"];
  /** The idle scheduler's clock (and settings beyond the server's own). */
  idle?: ServerOptions["idle"];
  /** A fixed API token (as `parley serve` passes PARLEY_TOKEN) instead of a random one. */
  token?: string;
  /** The server's clock (tests move it to make time pass between restarts). */
  now?: () => number;
  /** Limits other than the defaults (retention, queue length, stream buffers). */
  limits?: ServerOptions["limits"];
  /** Resolve as soon as it listens, before its agents start (`listenParleyServer`), as `parley serve` does. */
  listening?: boolean;
}

/** What a test needs: the real server on a free port, the scripted model behind it, and HTTP helpers. */
export interface TestServer {
  server: ParleyServer;
  fake: FakeModelServer;
  url: string;
  directories: { project: string; home: string };
  /** An authenticated request; pass `auth: false` to send no token. */
  request(method: string, path: string, options?: RequestOptions): Promise<Response>;
  /** An authenticated JSON request that must succeed; returns the parsed body. */
  json<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** Opens `GET /api/events` with an optional cursor. */
  events(options?: { after?: number; lastEventId?: string; sessionId?: string }): Promise<EventStream>;
  /** Stops the server (keeping its data) and, unless reused, the fake model. */
  close(): Promise<void>;
  /** Stops everything and deletes the directories. */
  dispose(): Promise<void>;
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  auth?: boolean;
  /** Send `body` as-is (a string) instead of JSON. */
  rawBody?: string;
}

/** Starts Parley on a temporary project and home, with its model pointed at a fake Anthropic server. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const fake = options.fake ?? (await startFakeModelServer());
  const directories = options.directories ?? makeDirectories();
  const start = options.listening === true ? listenParleyServer : startParleyServer;
  const server = await start({
    projectRoot: directories.project,
    home: directories.home,
    port: 0,
    env: {
      PARLEY_MODEL: "anthropic:claude-test-1",
      ANTHROPIC_API_KEY: "test-key",
      ANTHROPIC_BASE_URL: fake.url,
      ...(await testDatabaseEnv(directories.home)),
      ...options.env,
    },
    turnDefaults: { sleep: async () => {}, ...options.turnDefaults },
    ...(options.compaction && { compaction: options.compaction }),
    sse: { heartbeatMs: 60_000, ...options.sse },
    ...(options.mcp && { mcp: options.mcp }),
    ...(options.idle && { idle: options.idle }),
    ...(options.token !== undefined && { token: options.token }),
    ...(options.now && { now: options.now }),
    ...(options.limits && { limits: options.limits }),
  });
  const request = (method: string, path: string, requestOptions: RequestOptions = {}) => {
    const headers: Record<string, string> = { ...requestOptions.headers };
    if (requestOptions.auth !== false) headers.authorization ??= `Bearer ${server.token}`;
    let body: string | undefined = requestOptions.rawBody;
    if (requestOptions.body !== undefined) {
      body = JSON.stringify(requestOptions.body);
      headers["content-type"] ??= "application/json";
    }
    return fetch(`${server.url}${path}`, { method, headers, ...(body !== undefined && { body }) });
  };
  const closeServer = () => server.close();
  return {
    server,
    fake,
    url: server.url,
    directories,
    request,
    json: async <T>(method: string, path: string, body?: unknown) => {
      const response = await request(method, path, body === undefined ? {} : { body });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
      return JSON.parse(text) as T;
    },
    events: (eventOptions = {}) => EventStream.open(server.url, server.token, eventOptions),
    close: async () => {
      await closeServer();
      if (options.fake === undefined) await fake.close();
    },
    dispose: async () => {
      await closeServer().catch(() => {});
      if (options.fake === undefined) await fake.close();
      if (options.directories === undefined)
        rmSync(join(directories.project, ".."), { recursive: true, force: true });
    },
  };
}

/** A temporary project folder and Parley home. */
export function makeDirectories(): { project: string; home: string } {
  const root = mkdtempSync(join(tmpdir(), "parley-test-"));
  const project = join(root, "project");
  const home = join(root, "home");
  mkdirSync(project);
  mkdirSync(home);
  return { project, home };
}
