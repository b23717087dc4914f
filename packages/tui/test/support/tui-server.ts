import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ParleyServer, startParleyServer } from "@parley/server";
import { type FakeModelServer, startFakeModelServer } from "@parley/testkit";

/** The model the server answers with; its requests go to the scripted fake. */
const MODEL = "anthropic:claude-tui-1";
/** A fixed token, so a restarted server accepts the terminal's requests as before. */
const TOKEN = "tui-e2e-token-0123456789";

/** A real Parley server for one project and home, with its model pointed at the scripted fake. */
export interface TuiServer {
  fake: FakeModelServer;
  project: string;
  home: string;
  server: ParleyServer;
  /** An API call as the browser's client makes it (bearer token). */
  api(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  /** Stops the server (as a crash or an upgrade would) and starts it again on the same port and store. */
  restart(between?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the server the terminal UI will find through PARLEY_HOME, as it finds `parley serve`'s.
 * `prepare` writes into the project and home before the server reads them.
 */
export async function startTuiServer(
  prepare?: (directories: { project: string; home: string }) => void,
): Promise<TuiServer> {
  const root = mkdtempSync(join(tmpdir(), "parley-tui-"));
  const project = join(root, "project");
  const home = join(root, "home");
  mkdirSync(project);
  mkdirSync(home);
  prepare?.({ project, home });
  const fake = await startFakeModelServer();
  const start = (port = 0) =>
    startParleyServer({
      projectRoot: project,
      home,
      port,
      token: TOKEN,
      env: { PARLEY_MODEL: MODEL, ANTHROPIC_API_KEY: "tui-key", ANTHROPIC_BASE_URL: fake.url },
      turnDefaults: { sleep: async () => {} },
    });
  const handle: TuiServer = {
    fake,
    project,
    home,
    server: await start(),
    api: async (method, path, body) => {
      const response = await fetch(new URL(path, handle.server.url), {
        method,
        headers: {
          authorization: `Bearer ${TOKEN}`,
          ...(body !== undefined && { "content-type": "application/json" }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: text === "" ? undefined : JSON.parse(text) };
    },
    restart: async (between) => {
      const port = handle.server.port;
      await handle.server.close();
      await between?.();
      handle.server = await start(port);
    },
    close: async () => {
      await handle.server.close();
      await fake.close();
      if (existsSync(root)) rmSync(root, { recursive: true, force: true });
    },
  };
  return handle;
}
