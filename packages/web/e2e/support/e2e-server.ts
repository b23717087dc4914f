import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ParleyServer, startParleyServer } from "@parley/server";
import { type FakeModelServer, startFakeModelServer } from "@parley/testkit";
import { webDistDirectory } from "./build-web-ui.ts";
import { ServerEventLog } from "./server-event-log.ts";

/** The model the server under test answers with; its requests go to the scripted fake. */
export const E2E_MODEL = "anthropic:claude-e2e-1";

/** A real Parley server serving the built UI, with its model pointed at a scripted fake Anthropic API. */
export interface E2eServer {
  server: ParleyServer;
  fake: FakeModelServer;
  /** What the server committed to its event log, for waiting on server-side facts. */
  events: ServerEventLog;
  url: string;
  /** The project the agent works in: its file tools read and write here. */
  projectDirectory: string;
  /** Calls the server's HTTP API as a non-browser client would, with the bearer token. */
  api(method: string, path: string, body?: unknown): Promise<ApiAnswer>;
  /** A fresh one-time sign-in link, as `parley serve` prints it. */
  loginUrl(): string;
  /** SSE connections the server holds open right now. */
  openEventStreams(): number;
  /** Ends every open SSE connection from the server's side, mid-stream; returns how many it cut. */
  cutEventStreams(): number;
  /** Stops the server and the fake model and deletes the temporary project and home. */
  close(): Promise<void>;
}

/** What an API call answered: its HTTP status and parsed JSON body (undefined when empty). */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** What a test file sets up before its server starts. */
export interface E2eServerOptions {
  /** Writes files into the project or Parley's home (an `mcp.json`, a `.mcp.json`) before the server reads them. */
  prepare?(directories: { project: string; home: string }): void;
  /** Another build of the UI to serve (a bench comparing an older build); `packages/web/dist` by default. */
  webRoot?: string;
}

/** Starts Parley on a temporary project and home, serving `packages/web/dist` (or `webRoot`) at `/`. */
export async function startE2eServer(options: E2eServerOptions = {}): Promise<E2eServer> {
  const root = mkdtempSync(join(tmpdir(), "parley-e2e-"));
  const project = join(root, "project");
  const home = join(root, "home");
  mkdirSync(project);
  mkdirSync(home);
  options.prepare?.({ project, home });
  const fake = await startFakeModelServer();
  const server = await startParleyServer({
    projectRoot: project,
    home,
    port: 0,
    env: { PARLEY_MODEL: E2E_MODEL, ANTHROPIC_API_KEY: "e2e-key", ANTHROPIC_BASE_URL: fake.url },
    webRoot: options.webRoot ?? webDistDirectory,
    // Retries of a failed model call wait for nothing, so a scripted error never slows a test down.
    turnDefaults: { sleep: async () => {} },
  });
  const events = new ServerEventLog(server.context.bus);
  const connections = server.context.sseConnections;
  return {
    server,
    fake,
    events,
    url: server.url,
    projectDirectory: server.context.projectRoot,
    api: async (method, path, body) => {
      const response = await fetch(new URL(path, server.url), {
        method,
        headers: {
          authorization: `Bearer ${server.token}`,
          ...(body !== undefined && { "content-type": "application/json" }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: text === "" ? undefined : JSON.parse(text) };
    },
    loginUrl: () => server.loginUrl(),
    openEventStreams: () => connections.size,
    cutEventStreams: () => {
      const open = [...connections];
      for (const connection of open) connection.close();
      return open.length;
    },
    close: async () => {
      events.stop();
      await server.close();
      await fake.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
