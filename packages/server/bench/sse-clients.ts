/**
 * Many SSE clients in one process (started by sse-bench.ts with `fork`), so the servers' CPU time is
 * their own. Each client is a raw HTTP/1.1 socket that counts the frames carrying an `id:` line; it does
 * not parse JSON, so the clients stay cheap next to the server.
 *
 * Commands (`process.send` replies):
 *   {type: "connect", servers, count}            → {type: "connected"} once every stream has started (the
 *                                                  clients spread over the servers in turn)
 *   {type: "expect", events}                      → {type: "received"} once every client has that many more
 *                                                  (counted in a running total: see event-tally.ts)
 *   {type: "close"}                               → {type: "closed"}
 */
import { connect, type Socket } from "node:net";
import { EventTally } from "./event-tally.ts";

/** Where a client connects: a server's base URL, its event stream's path and the headers it needs. */
export interface SseEndpoint {
  url: string;
  path: string;
  headers: Record<string, string>;
}

/** What the bench sends the clients process. */
export type ClientsCommand =
  | { type: "connect"; servers: SseEndpoint[]; count: number }
  | { type: "expect"; events: number }
  | { type: "close" };

/** What the clients process answers. */
export type ClientsReply = { type: "connected" } | { type: "received" } | { type: "closed" };

const send = (message: ClientsReply) => process.send?.(message);

interface Client {
  socket: Socket;
  started: boolean;
  /** Its index in the tally. */
  index: number;
}

let clients: Client[] = [];
let tally = new EventTally();
let onStarted: (() => void) | undefined;

function open({ url: base, path, headers }: SseEndpoint): Client {
  const url = new URL(base);
  const socket = connect({ host: url.hostname, port: Number(url.port) });
  const client: Client = { socket, started: false, index: tally.add() };
  const head = [`GET ${path} HTTP/1.1`, `host: ${url.host}`, "accept: text/event-stream"];
  for (const [name, value] of Object.entries(headers)) head.push(`${name}: ${value}`);
  socket.write(`${head.join("\r\n")}\r\n\r\n`);
  socket.on("data", (chunk: Buffer) => {
    if (!client.started) {
      // The response headers and the stream's opening frame (retry, and Parley's heartbeat) have arrived.
      if (chunk.indexOf("\n\n") === -1) return;
      client.started = true;
      onStarted?.();
      return;
    }
    if (tally.receive(client.index, chunk)) send({ type: "received" });
  });
  socket.on("error", () => {});
  return client;
}

process.on("message", (command: ClientsCommand) => {
  if (command.type === "connect") {
    let started = 0;
    onStarted = () => {
      started++;
      if (started === command.count) send({ type: "connected" });
    };
    for (let index = 0; index < command.count; index++)
      clients.push(open(command.servers[index % command.servers.length] as SseEndpoint));
  } else if (command.type === "expect") {
    if (tally.expect(command.events)) send({ type: "received" });
  } else {
    for (const client of clients) client.socket.destroy();
    clients = [];
    tally = new EventTally();
    send({ type: "closed" });
  }
});
process.on("disconnect", () => process.exit(0));
