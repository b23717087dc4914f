/**
 * One server under benchmark, in its own process so its CPU time and memory are its own. Started by
 * sse-bench.ts with `fork`; driven over IPC.
 *
 *   parley: the real Parley server (store, durable log, bus, SSE connections, agent service).
 *   raw:    a minimal node:http SSE server with no database and no dependencies, in Parley's durability
 *           class (every event is written to an append-only file before it is sent: it survives a killed
 *           process, not a power loss; no fsync). It serializes each event once; `publish` writes a whole
 *           batch as one chunk per client (as Parley sends a commit), and a model stream's text deltas are
 *           relayed one event per write as they arrive.
 *   provider: the raw server, but reading the model through the AI SDK provider Parley uses (the same
 *           `createLanguageModel` and `doStream`) instead of parsing its SSE by hand: the floor that any server
 *           relaying through the AI SDK pays, to tell the provider library's share from Parley's own.
 *   nothing: no server (the baseline for memory figures).
 *
 * Commands (`process.send` replies):
 *   {type: "publish", count, batch} → publishes `count` token events, `batch` per event-loop turn (Parley:
 *                                      one transaction per batch, as its group commit does) → {type: "published"}
 *   {type: "stats", gc?}            → after a full GC (unless gc: false): {type: "stats", rss, cpuMs}
 */
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";

/** What the bench sends a server process. */
export type BenchServerCommand =
  | { type: "publish"; count: number; batch: number }
  | { type: "stats"; gc?: boolean };

/** What a server process answers. */
export type BenchServerReply =
  | { type: "ready"; url: string; token: string; eventsPath: string; chatPath: string }
  | { type: "published" }
  | { type: "stats"; rss: number; cpuMs: number };

const mode = process.argv[2];
const send = (message: BenchServerReply) => process.send?.(message);
const payload = (index: number) => `token-${String(index).padStart(8, "0")} `;
/** Which answer the published tokens belong to, as a real streamed answer's tokens say (both sides send it). */
const STREAM = { session_id: "ses_0123456789abcdef0123", run_id: "run_0123456789abcdef0123" };
const MESSAGE_ID = `${STREAM.run_id}.0`;

interface BenchTarget {
  publish(count: number, batch: number): Promise<void>;
}

async function startParley(): Promise<BenchTarget> {
  // Loaded only here, so the raw server and the baseline carry none of Parley's code.
  const { startParleyServer } = await import("../src/index.ts");
  const root = mkdtempSync(join(tmpdir(), "parley-bench-"));
  mkdirSync(join(root, "project"));
  const server = await startParleyServer({
    projectRoot: join(root, "project"),
    home: join(root, "home"),
    port: 0,
    env: process.env,
  });
  process.once("exit", () => rmSync(root, { recursive: true, force: true }));
  const { store, bus } = server.context;
  // Only to measure the commit policies against each other (docs/decisions/2026-11-26-streaming-cost.md).
  if (process.env.BENCH_SYNCHRONOUS) store.database.pragma(`synchronous = ${process.env.BENCH_SYNCHRONOUS}`);
  let published = 0;
  send({
    type: "ready",
    url: server.url,
    token: server.token,
    eventsPath: "/api/events",
    chatPath: "/api/chat",
  });
  return {
    async publish(count, batch) {
      for (let sent = 0; sent < count; sent += batch) {
        store.transaction(() => {
          for (let index = sent; index < Math.min(sent + batch, count); index++) {
            bus.publish({
              type: "Token",
              agent_id: "main",
              token: payload(published++),
              done: false,
              thinking: false,
              message_id: MESSAGE_ID,
              ...STREAM,
            });
          }
        });
        await nextTurn();
      }
    },
  };
}

/** Reads one model reply and hands over each text delta as it arrives. */
type ModelRelay = (onDelta: (text: string) => void) => Promise<void>;

/** The model's SSE parsed by hand, as little as a relay can do. */
const relayByHand: ModelRelay = async (onDelta) => {
  const response = await fetch(`${process.env.ANTHROPIC_BASE_URL}/v1/messages`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-api-key": "bench",
      "anthropic-version": "2023-06-01",
    },
    body: JSON.stringify({
      model: "claude-bench",
      max_tokens: 1024,
      stream: true,
      messages: [{ role: "user", content: "go" }],
    }),
  });
  const decoder = new TextDecoder();
  let buffered = "";
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffered += decoder.decode(chunk, { stream: true });
    for (let end = buffered.indexOf("\n\n"); end !== -1; end = buffered.indexOf("\n\n")) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const line = block.split("\n").find((candidate) => candidate.startsWith("data: "));
      const data = JSON.parse(line?.slice(6) ?? "{}") as {
        type?: string;
        delta?: { type: string; text?: string };
      };
      if (data.type === "content_block_delta" && data.delta?.type === "text_delta")
        onDelta(data.delta.text ?? "");
    }
  }
};

/** The model read through the AI SDK provider Parley builds from the same environment. */
async function providerRelay(): Promise<ModelRelay> {
  const { createLanguageModel, resolveModelConfig } = await import("@parley/engine");
  const model = createLanguageModel(resolveModelConfig({ env: process.env, settings: {} }));
  return async (onDelta) => {
    const { stream } = await model.doStream({
      prompt: [{ role: "user", content: [{ type: "text", text: "go" }] }],
      maxOutputTokens: 1024,
    });
    for await (const part of stream as unknown as AsyncIterable<{ type: string; delta?: string }>)
      if (part.type === "text-delta") onDelta(part.delta ?? "");
  };
}

async function startRaw(readModel: ModelRelay): Promise<BenchTarget> {
  const clients = new Set<ServerResponse>();
  const folder = mkdtempSync(join(tmpdir(), "parley-bench-raw-"));
  const log = openSync(join(folder, "events.log"), "a");
  process.once("exit", () => {
    closeSync(log);
    rmSync(folder, { recursive: true, force: true });
  });
  /** Stores the frames (the file is the raw side's durable log), then sends them as one chunk per client. */
  const logAndSend = (frames: string) => {
    const chunk = Buffer.from(frames);
    writeSync(log, chunk);
    for (const response of clients) response.write(chunk);
  };
  let seq = 0;
  const frameOf = (text: string) => {
    seq++;
    // The same frame Parley sends for a streamed token (wire revision 2).
    const message = {
      seq,
      rev: 2,
      ts_ms: Date.now(),
      kind: "token",
      text,
      agent_id: "main",
      session_id: STREAM.session_id,
      data: { message_id: MESSAGE_ID, run_id: STREAM.run_id },
    };
    return `id: ${seq}\ndata: ${JSON.stringify(message)}\n\n`;
  };
  /** Streams a model reply from the fake model server and broadcasts each text delta as it arrives. */
  const relay = () => readModel((text) => logAndSend(frameOf(text)));
  const server = createServer((request, response) => {
    if (request.url === "/events") {
      response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      response.write("retry: 1000\n\n");
      clients.add(response);
      request.on("close", () => clients.delete(response));
    } else if (request.url === "/relay" && request.method === "POST") {
      request.resume();
      response.end("{}");
      void relay();
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  send({
    type: "ready",
    url: `http://127.0.0.1:${port}`,
    token: "",
    eventsPath: "/events",
    chatPath: "/relay",
  });
  return {
    async publish(count, batch) {
      for (let sent = 0; sent < count; sent += batch) {
        let frames = "";
        for (let index = sent; index < Math.min(sent + batch, count); index++)
          frames += frameOf(payload(index));
        logAndSend(frames);
        await nextTurn();
      }
    },
  };
}

/** No server at all: what Node and the TypeScript loader alone take, to read the RSS figures against. */
async function startNothing(): Promise<BenchTarget> {
  send({ type: "ready", url: "", token: "", eventsPath: "", chatPath: "" });
  return { publish: async () => {} };
}

const target =
  mode === "parley"
    ? await startParley()
    : mode === "raw"
      ? await startRaw(relayByHand)
      : mode === "provider"
        ? await startRaw(await providerRelay())
        : await startNothing();
process.on("message", async (command: BenchServerCommand) => {
  if (command.type === "publish") {
    await target.publish(command.count, command.batch);
    send({ type: "published" });
  } else {
    if (command.gc !== false) (globalThis as { gc?: () => void }).gc?.();
    const cpu = process.cpuUsage();
    send({ type: "stats", rss: process.memoryUsage().rss, cpuMs: (cpu.user + cpu.system) / 1000 });
  }
});
process.on("disconnect", () => process.exit(0));
