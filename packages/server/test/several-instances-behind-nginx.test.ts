import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { EventStream } from "./support/event-stream.ts";
import { type ServerProcess, spawnServerProcess } from "./support/spawn-server-process.ts";
import { postgresMissing, stopTestCluster, testCluster } from "./support/test-database.ts";

/**
 * examples/teams as far as it runs without Docker: its two servers on one PostgreSQL database behind a real
 * nginx running the example's own nginx.conf (only the upstreams' addresses and the listen port rewritten),
 * started with the flags and environment its compose.yaml gives them.
 */
const example = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "examples", "teams");

/** Debian's nginx lives in /usr/sbin, which is not on everyone's PATH. */
function findNginx(): string | undefined {
  const onPath = (process.env.PATH ?? "").split(delimiter).map((folder) => join(folder, "nginx"));
  return [process.env.PARLEY_NGINX, ...onPath, "/usr/sbin/nginx"].find(
    (candidate) => candidate !== undefined && existsSync(candidate),
  );
}

const nginx = findNginx();
const missing =
  postgresMissing() ?? (nginx === undefined ? "no nginx binary (apt-get install nginx)" : undefined);
if (missing !== undefined) console.warn(`SKIPPING the teams example's load balancer test: ${missing}`);

interface ComposeService {
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}
const compose = parse(readFileSync(join(example, "compose.yaml"), "utf8")) as {
  services: Record<string, ComposeService>;
};
const nginxConf = readFileSync(join(example, "nginx.conf"), "utf8");
const upstreams = [...nginxConf.matchAll(/^\s*server\s+([\w.-]+):(\d+);/gm)].map(([, name, port]) => ({
  name: name as string,
  port: Number(port),
}));

/** The flags after `serve` in a service's command, by name (`--allowed-host` may repeat). */
function serveFlags(service: ComposeService): Map<string, string[]> {
  const command = service.command ?? [];
  const flags = new Map<string, string[]>();
  const args = command.slice(command.indexOf("serve") + 1);
  for (let index = 0; index < args.length; index += 2) {
    const name = args[index] as string;
    flags.set(name, [...(flags.get(name) ?? []), args[index + 1] as string]);
  }
  return flags;
}

/** How compose.yaml names a variable of the shell running `docker compose`. */
const fromShell = (name: string) => `\${${name}}`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** GETs `url` until something listens there (a process starting), then returns the response. */
async function whenListening(url: string): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetch(url);
    } catch (error) {
      if (attempt === 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe.skipIf(missing !== undefined)("the teams example: two servers behind its nginx", () => {
  let root = "";
  const token = randomBytes(16).toString("hex");
  const servers = new Map<string, ServerProcess>();
  let fake: FakeModelServer | undefined;
  let balancer = "";
  let stopNginx = () => {};

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "parley-teams-"));
    const url = (await testCluster()).createDatabase();
    fake = await startFakeModelServer();
    const [nginxPort, ...ports] = await Promise.all([freePort(), ...upstreams.map(() => freePort())]);
    const published = (compose.services.balancer?.ports?.[0] ?? "").split(":");
    mkdirSync(join(root, "project"));
    await Promise.all(
      upstreams.map(async ({ name }, index) => {
        const flags = serveFlags(compose.services[name] as ComposeService);
        const allowed = (flags.get("--allowed-host") ?? []).map((host) =>
          host === `localhost:${published[0]}` ? `127.0.0.1:${nginxPort}` : host,
        );
        const server = await spawnServerProcess({
          project: join(root, "project"),
          home: join(root, `home-${name}`),
          env: {
            PARLEY_DATABASE_URL: url,
            PARLEY_TOKEN: token,
            PARLEY_MODEL: "anthropic:claude-test-1",
            ANTHROPIC_API_KEY: "test-key",
            ANTHROPIC_BASE_URL: fake?.url ?? "",
          },
          args: ["--port", String(ports[index]), ...allowed.flatMap((host) => ["--allowed-host", host])],
        });
        servers.set(`127.0.0.1:${ports[index]}`, server);
      }),
    );
    let upstream = 0;
    const site = nginxConf
      .replace(/^(\s*server\s+)[\w.-]+:\d+;/gm, (_, lead: string) => `${lead}127.0.0.1:${ports[upstream++]};`)
      .replace(/^(\s*listen\s+)\d+;/m, (_, lead: string) => `${lead}127.0.0.1:${nginxPort};`);
    writeFileSync(join(root, "default.conf"), site);
    // The nginx image's main configuration, reduced: one worker (round robin in one order), files in `root`,
    // and which server answered in a header, so the test knows which one to kill.
    writeFileSync(
      join(root, "nginx.conf"),
      `worker_processes 1;
       daemon off;
       pid ${root}/nginx.pid;
       events { worker_connections 64; }
       http {
         access_log off;
         client_body_temp_path ${root}/body;
         proxy_temp_path ${root}/proxy;
         fastcgi_temp_path ${root}/fastcgi;
         uwsgi_temp_path ${root}/uwsgi;
         scgi_temp_path ${root}/scgi;
         add_header X-Upstream $upstream_addr always;
         include ${root}/default.conf;
       }`,
    );
    const running = spawn(
      nginx as string,
      ["-p", root, "-c", join(root, "nginx.conf"), "-e", join(root, "error.log")],
      { stdio: "ignore" },
    );
    stopNginx = () => running.kill("SIGTERM");
    balancer = `http://127.0.0.1:${nginxPort}`;
    await whenListening(`${balancer}/api/health`);
  }, 60_000);

  afterAll(async () => {
    stopNginx();
    for (const server of servers.values()) server.child.kill("SIGKILL");
    await fake?.close();
    stopTestCluster();
    if (root !== "") rmSync(root, { recursive: true, force: true });
  });

  it("gives each server what it needs: the database, the token, its port, the balancer's host and a health check", () => {
    const { postgres, balancer: lb } = compose.services;
    const database = postgres?.environment ?? {};
    expect(lb?.volumes).toContain("./nginx.conf:/etc/nginx/conf.d/default.conf:ro");
    expect(lb?.ports).toEqual([`8080:${/listen\s+(\d+);/.exec(nginxConf)?.[1]}`]);
    expect(upstreams.map((upstream) => upstream.name)).toEqual(["parley-a", "parley-b"]);
    for (const { name, port } of upstreams) {
      const service = compose.services[name] as ComposeService;
      const flags = serveFlags(service);
      expect(service.command?.slice(0, 3)).toEqual(["node", "packages/cli/bin/parley.js", "serve"]);
      expect(Object.fromEntries(flags)).toEqual({
        // Any interface but loopback needs a fixed token of 16+ characters, which every server shares.
        "--host": ["0.0.0.0"],
        "--port": [String(port)],
        "--project": ["/project"],
        "--allowed-host": ["localhost:8080"],
      });
      expect(service.volumes).toEqual(["./project:/project"]);
      expect(service.environment).toEqual({
        PARLEY_DATABASE_URL: `postgres://${database.POSTGRES_USER}:${database.POSTGRES_PASSWORD}@postgres:5432/${database.POSTGRES_DB}`,
        // Taken from the shell running `docker compose`.
        PARLEY_TOKEN: fromShell("PARLEY_TOKEN"),
        ANTHROPIC_API_KEY: fromShell("ANTHROPIC_API_KEY"),
      });
      expect(service.healthcheck?.test.join(" ")).toContain(`'http://127.0.0.1:${port}/api/health'`);
      expect(lb?.depends_on?.[name]).toEqual({ condition: "service_healthy" });
    }
    expect(compose.services.migrate?.command).toEqual([
      "node",
      "packages/cli/bin/parley.js",
      "db",
      "migrate",
    ]);
  });

  it("streams a run through nginx, and after kill -9 of the server streaming resumes on the other with no gap and no duplicate", async () => {
    const health = await fetch(`${balancer}/api/health`);
    expect(await health.json()).toEqual({ ok: true, database: "postgresql" });
    const tokens = 12;
    const script = reply();
    for (let index = 0; index < tokens; index++) script.gate(`t${index}`).text(`w${index} `);
    fake?.script(script);
    const text = (stream: EventStream) =>
      stream.frames
        .filter((frame) => frame.message.kind === "token")
        .map((frame) => frame.message.text ?? "")
        .join("");
    const ended = (stream: EventStream) =>
      stream.frames.some((frame) => frame.message.kind === "run" && frame.message.phase === "context_usage");

    // Round robin: the stream goes to one server and the chat to the other, whose tokens cross through
    // the database to the first.
    const first = await EventStream.open(balancer, token, { after: 0 });
    const chat = await fetch(`${balancer}/api/chat`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ text: "Write through the balancer" }),
    });
    expect(chat.status).toBe(200);
    const streaming = first.response.headers.get("x-upstream") ?? "";
    const running = chat.headers.get("x-upstream") ?? "";
    expect([...servers.keys()].sort()).toEqual([streaming, running].sort());
    await fake?.waitForGate("t0");
    for (let index = 0; index < tokens / 2; index++) fake?.release(`t${index}`);
    await first.waitFor(() => text(first).includes(`w${tokens / 2 - 1} `));

    const killed = servers.get(streaming) as ServerProcess;
    killed.child.kill("SIGKILL");
    await killed.exited;
    await first.waitForEnd();
    const resumed = await EventStream.open(balancer, token, { lastEventId: String(first.lastSeq) });
    // nginx tried the dead server first, or went straight to the other: it answered either way.
    expect(resumed.response.headers.get("x-upstream")?.split(", ").at(-1)).toBe(running);
    for (let index = tokens / 2; index < tokens; index++) fake?.release(`t${index}`);
    await resumed.waitFor(() => ended(resumed));

    const joined = [...first.frames, ...resumed.frames];
    expect(joined.map((frame) => frame.message.seq)).toEqual(joined.map((_, index) => index + 1));
    expect(text(first) + text(resumed)).toBe(
      Array.from({ length: tokens }, (_, index) => `w${index} `).join(""),
    );
    // What the client pieced together is the log as stored, frame for frame.
    const last = joined.length;
    const replay = await EventStream.open(balancer, token, { after: 0 });
    await replay.waitFor(() => replay.lastSeq >= last);
    expect(joined.map((frame) => frame.raw)).toEqual(
      replay.frames.filter((frame) => frame.message.seq <= last).map((frame) => frame.raw),
    );
    await Promise.all([resumed.close(), replay.close()]);
  }, 30_000);
});
