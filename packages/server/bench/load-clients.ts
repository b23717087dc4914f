/**
 * The client side of `load-bench.ts`, in its own process so reading hundreds of megabytes costs the
 * server nothing. Each client is a raw HTTP/1.1 socket on `GET /api/events`.
 *
 *   {type: "follow", count}       → live followers that read everything → {type: "following"}
 *   {type: "replay", count, head} → clients replaying from seq 0 at full speed → {type: "replayed", seconds, bytes}
 *                                   once every one has the frame with seq `head`
 *   {type: "stall", count}        → clients that stop reading right after the headers → {type: "stalled"}
 *   {type: "close"}               → closes every socket → {type: "closed"}
 */
import { connect, type Socket } from "node:net";

/** What the bench sends the clients process. */
export type LoadClientsCommand = { url: string; token: string } & (
  | { type: "follow"; count: number }
  | { type: "replay"; count: number; head: number }
  | { type: "stall"; count: number }
  | { type: "close" }
);

/** What the clients process answers. */
export type LoadClientsReply =
  | { type: "following" }
  | { type: "replayed"; seconds: number; bytes: number }
  | { type: "stalled" }
  | { type: "closed" };

const send = (message: LoadClientsReply) => process.send?.(message);
const sockets: Socket[] = [];

function open(url: string, token: string, path: string, onData: (chunk: Buffer) => void): Promise<Socket> {
  const { hostname, port, host } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port) });
  sockets.push(socket);
  socket.on("error", () => {});
  socket.write(
    `GET ${path} HTTP/1.1\r\nhost: ${host}\r\nauthorization: Bearer ${token}\r\naccept: text/event-stream\r\n\r\n`,
  );
  return new Promise((resolve) => {
    let started = false;
    socket.on("data", (chunk: Buffer) => {
      onData(chunk);
      if (!started) {
        started = true;
        resolve(socket);
      }
    });
  });
}

process.on("message", async (command: LoadClientsCommand) => {
  if (command.type === "follow") {
    await Promise.all(
      Array.from({ length: command.count }, () => open(command.url, command.token, "/api/events", () => {})),
    );
    send({ type: "following" });
  } else if (command.type === "replay") {
    const started = performance.now();
    const marker = Buffer.from(`\nid: ${command.head}\n`);
    let bytes = 0;
    await Promise.all(
      Array.from(
        { length: command.count },
        () =>
          new Promise<void>((resolve) => {
            let tail: Buffer = Buffer.alloc(0);
            let done = false;
            void open(command.url, command.token, "/api/events?after=0", (chunk) => {
              bytes += chunk.byteLength;
              if (done) return;
              const window = Buffer.concat([tail, chunk.subarray(0, Math.min(chunk.length, 64))]);
              if (window.includes(marker) || chunk.includes(marker)) {
                done = true;
                resolve();
              }
              tail = chunk.subarray(Math.max(0, chunk.length - marker.length));
            });
          }),
      ),
    );
    send({ type: "replayed", seconds: (performance.now() - started) / 1000, bytes });
  } else if (command.type === "stall") {
    await Promise.all(
      Array.from({ length: command.count }, async () => {
        const socket = await open(command.url, command.token, "/api/events", () => {});
        socket.pause();
      }),
    );
    send({ type: "stalled" });
  } else if (command.type === "close") {
    for (const socket of sockets.splice(0)) socket.destroy();
    send({ type: "closed" });
  }
});
process.once("disconnect", () => process.exit(0));
