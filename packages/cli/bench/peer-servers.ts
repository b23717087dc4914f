/**
 * The servers the compare bench starts as a person would, each against the same fake model: `parley serve`
 * (the bundled program), OpenCode's `opencode serve` (the real binary in interop/, when installed), and a bare
 * node:http server as the floor for start-up.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { type FakeModelServer, openCodeConfig, type RelayTarget, reply } from "@parley/testkit";

const bin = fileURLToPath(new URL("../bin/parley.js", import.meta.url));
/** OpenCode's native binary as `npm test`'s pretest step installs it. */
export const OPENCODE_BIN = fileURLToPath(
  new URL("../../../interop/opencode/node_modules/opencode-ai/bin/opencode.exe", import.meta.url),
);
export const openCodeInstalled = () => existsSync(OPENCODE_BIN);

/** A started server: how long it took to answer its health check, and how to drive a turn through it. */
export interface StartedPeer {
  msToHealthy: number;
  /** Its resident memory after sitting idle, in MB. */
  idleRssMb(): Promise<number>;
  /** Only for servers that relay tokens. */
  relay?: RelayTarget;
  stop(): Promise<void>;
}

/**
 * Where a server runs: its home lasts the whole bench (a person's caches are warm after the first start:
 * OpenCode installs its provider package there), its project is new for every start.
 */
export interface PeerFolders {
  home: string;
  project: string;
}

/** A kind of server the bench compares. */
export interface Peer {
  name: string;
  start(folders: PeerFolders, fake: FakeModelServer): Promise<StartedPeer>;
}

const TOKEN = "compare-bench-token";
const IDLE_MS = 2000;

export const bareNode: Peer = {
  name: "bare node:http",
  async start({ project }) {
    const port = await freePort();
    const script = `require("node:http").createServer((q, s) => s.end('{"ok":true}')).listen(${port}, "127.0.0.1", () => console.log("listening"))`;
    return launch([process.execPath, "-e", script], project, process.env, {
      listening: /listening/,
      healthUrl: `http://127.0.0.1:${port}/`,
    });
  },
};

export const parley: Peer = {
  name: "Parley",
  async start({ home, project }, fake) {
    const port = await freePort();
    const env = childEnvironment(home, {
      NODE_ENV: "production",
      PARLEY_HOME: join(home, ".parley"),
      PARLEY_TOKEN: TOKEN,
      PARLEY_MODEL: "anthropic:claude-bench",
      ANTHROPIC_API_KEY: "bench",
      ANTHROPIC_BASE_URL: fake.url,
    });
    const url = `http://127.0.0.1:${port}`;
    const headers = { authorization: `Bearer ${TOKEN}` };
    const args = [process.execPath, bin, "serve", "--project", project, "--port", String(port)];
    const started = await launch(args, project, env, {
      listening: /API:\s+http/,
      healthUrl: `${url}/api/health`,
      headers,
    });
    return {
      ...started,
      relay: {
        eventsUrl: `${url}/api/events`,
        headers,
        startTurn: (text) => post(`${url}/api/chat`, headers, { text }),
        cpuMs: started.cpuMs,
      },
    };
  },
};

export const openCode: Peer = {
  name: "OpenCode serve",
  async start({ home, project }, fake) {
    const port = await freePort();
    const env = childEnvironment(home, {
      OPENCODE_CONFIG_CONTENT: JSON.stringify(openCodeConfig(fake.openaiBaseUrl)),
      OPENCODE_DISABLE_MODELS_FETCH: "1",
      OPENCODE_DISABLE_AUTOUPDATE: "1",
      OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
    });
    const url = `http://127.0.0.1:${port}`;
    const args = [OPENCODE_BIN, "serve", "--port", String(port), "--hostname", "127.0.0.1"];
    const started = await launch(args, project, env, {
      listening: /listening on http/,
      healthUrl: `${url}/global/health`,
    });
    // OpenCode names a new session with a second model call; answer it so the script stays the turn's own.
    fake.when({ bodyIncludes: "title generator" }, reply().text("Bench"));
    const created = await fetch(`${url}/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    const session = (await created.json()) as { id: string };
    return {
      ...started,
      relay: {
        eventsUrl: `${url}/event`,
        headers: {},
        startTurn: (text) =>
          post(`${url}/session/${session.id}/prompt_async`, {}, { parts: [{ type: "text", text }] }),
        cpuMs: started.cpuMs,
      },
    };
  },
};

/**
 * A server's environment: the caller's PATH and nothing else of theirs (no keys, no PARLEY_TOKEN), with its
 * home and every XDG folder inside the bench's home, plus the server's own settings.
 */
function childEnvironment(home: string, own: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: home,
    XDG_CONFIG_HOME: join(home, ".config"),
    XDG_DATA_HOME: join(home, ".local", "share"),
    XDG_CACHE_HOME: join(home, ".cache"),
    XDG_STATE_HOME: join(home, ".local", "state"),
    ...own,
  };
}

async function post(url: string, headers: Record<string, string>, body: unknown): Promise<void> {
  const response = await fetch(url, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
}

/**
 * Spawns a server, waits for the line it prints once it listens, then polls its health address until it
 * answers 200. (OpenCode accepts connections before it can answer them: a request sent that early stalls for
 * minutes, so no server is asked before it says it listens.)
 */
async function launch(
  [command, ...args]: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  {
    listening,
    healthUrl,
    headers = {},
  }: { listening: RegExp; healthUrl: string; headers?: Record<string, string> },
): Promise<StartedPeer & { cpuMs(): Promise<number> }> {
  const started = performance.now();
  const child = spawn(command as string, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const said = new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
      if (listening.test(output)) resolve();
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", () => reject(new Error(`${args.join(" ")} exited: ${output}`)));
  });
  await said;
  child.stdout?.resume();
  while ((await fetch(healthUrl, { headers }).catch(() => undefined))?.status !== 200) {
    if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited: ${output}`);
    await sleep(1);
  }
  const msToHealthy = performance.now() - started;
  return {
    msToHealthy,
    async idleRssMb() {
      await sleep(IDLE_MS);
      return residentMb(child);
    },
    cpuMs: async () => cpuMsOf(child),
    stop: () => stop(child),
  };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const exited = once(child, "exit");
  const timeout = sleep(5000).then(() => child.kill("SIGKILL"));
  await Promise.race([exited, timeout]);
}

/** User + system CPU time of the process (all its threads), from /proc: clock ticks of 10 ms. */
function cpuMsOf(child: ChildProcess): number {
  const stat = readFileSync(`/proc/${child.pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) start at index 2 of this slice: state is 0.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks * 10;
}

function residentMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address !== null ? address.port : 0));
    });
  });
}
