/**
 * The server side of `load-bench.ts`: a real Parley server in its own process (so its memory, CPU and
 * event-loop delay are its own), driven over IPC.
 *
 *   {type: "fill", megabytes, eventBytes} → appends that much history to the event log → {type: "filled", head}
 *   {type: "live", perTick, tickMs}       → starts publishing token events (live traffic) until {type: "quiet"}
 *   {type: "publish", megabytes}          → publishes that much at full speed → {type: "published"}
 *   {type: "stats"}                       → after a full GC → {type: "stats", rss, heap, eventLoop…, dbBytes}
 */
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setImmediate as nextTurn } from "node:timers/promises";
import { startParleyServer } from "../src/index.ts";

/** What the bench sends the server process. */
export type LoadServerCommand =
  | { type: "fill"; megabytes: number; eventBytes: number }
  | { type: "live"; perTick: number; tickMs: number }
  | { type: "quiet" }
  | { type: "publish"; megabytes: number }
  | { type: "stats" }
  | { type: "heap-snapshot"; path: string };

/** What the server process answers. */
export type LoadServerReply =
  | { type: "ready"; url: string; token: string }
  | { type: "filled"; head: number }
  | { type: "published"; head: number }
  | {
      type: "stats";
      rss: number;
      heap: number;
      /** V8's heap as reserved (used or not), and what JS objects hold outside it (Buffers). */
      heapTotal: number;
      external: number;
      eventLoopP50Ms: number;
      eventLoopP99Ms: number;
      eventLoopMaxMs: number;
      dbBytes: number;
      head: number;
    };

const send = (message: LoadServerReply) => process.send?.(message);
const root = mkdtempSync(join(tmpdir(), "parley-load-"));
mkdirSync(join(root, "project"));
process.once("exit", () => rmSync(root, { recursive: true, force: true }));
const server = await startParleyServer({
  projectRoot: join(root, "project"),
  home: join(root, "home"),
  port: 0,
  env: { PARLEY_MODEL: "demo", ...process.env },
});
const { store, bus } = server.context;
const eventLoop = monitorEventLoopDelay({ resolution: 2 });
eventLoop.enable();
let live: NodeJS.Timeout | undefined;
let counter = 0;
const token = (text: string) =>
  bus.publish({
    type: "Token",
    agent_id: "main",
    token: text,
    done: false,
    thinking: false,
    message_id: "msg_load",
  });

process.on("message", async (command: LoadServerCommand) => {
  if (command.type === "fill") {
    const text = "x".repeat(command.eventBytes);
    const events = Math.ceil((command.megabytes * 1024 * 1024) / command.eventBytes);
    for (let written = 0; written < events; written += 500) {
      store.transaction(() => {
        for (let index = written; index < Math.min(events, written + 500); index++) {
          token(`${index} ${text}`);
        }
      });
      await nextTurn();
    }
    send({ type: "filled", head: store.events.head });
  } else if (command.type === "live") {
    live = setInterval(() => {
      for (let index = 0; index < command.perTick; index++) token(`live-${counter++} `);
    }, command.tickMs);
  } else if (command.type === "quiet") {
    clearInterval(live);
  } else if (command.type === "publish") {
    const text = "y".repeat(1000);
    for (let sent = 0; sent < command.megabytes * 1024; sent += 50) {
      store.transaction(() => {
        for (let index = 0; index < 50; index++) token(`${sent + index} ${text}`);
      });
      await nextTurn();
    }
    send({ type: "published", head: store.events.head });
  } else if (command.type === "heap-snapshot") {
    const { writeHeapSnapshot } = await import("node:v8");
    writeHeapSnapshot(command.path);
  } else if (command.type === "stats") {
    globalThis.gc?.();
    const memory = process.memoryUsage();
    const database = join(server.context.home, "projects");
    let dbBytes = 0;
    try {
      const { readdirSync } = await import("node:fs");
      for (const project of readdirSync(database)) {
        for (const file of ["parley.db", "parley.db-wal"]) {
          try {
            dbBytes += statSync(join(database, project, file)).size;
          } catch {}
        }
      }
    } catch {}
    send({
      type: "stats",
      rss: memory.rss,
      heap: memory.heapUsed,
      heapTotal: memory.heapTotal,
      external: memory.external,
      eventLoopP50Ms: eventLoop.percentile(50) / 1e6,
      eventLoopP99Ms: eventLoop.percentile(99) / 1e6,
      eventLoopMaxMs: eventLoop.max / 1e6,
      dbBytes,
      head: store.events.head,
    });
    eventLoop.reset();
  }
});
process.once("disconnect", async () => {
  clearInterval(live);
  await server.close();
  process.exit(0);
});
send({ type: "ready", url: server.url, token: server.token });
