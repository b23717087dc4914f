import { createServer, request, type Server } from "node:http";
import { connect } from "node:net";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { afterEach, describe, expect, it } from "vitest";
import { nodeListener } from "./node-listener.ts";

/** A promise with its resolve, for a handler and a test to wait on each other without sleeping. */
function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve = (_value: T) => {};
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** Once `signal` has aborted (at once when it already has). */
function aborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
}

describe("the server's node:http listener", () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  async function serve(app: Hono): Promise<number> {
    server = createServer(nodeListener(app.fetch));
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    if (address === null || typeof address === "string") throw new Error("no port");
    return address.port;
  }

  it("a chunked upload's handler hears the client leave, after the body limit read its body", async () => {
    const started = deferred();
    const gone = deferred<boolean>();
    const app = new Hono();
    app.use(bodyLimit({ maxSize: 1024 }));
    app.post("/upload", async (context) => {
      expect(await context.req.text()).toBe("hello");
      started.resolve();
      await aborted(context.req.raw.signal);
      gone.resolve(context.req.raw.signal.aborted);
      return context.text("late");
    });
    const port = await serve(app);
    const upload = request({
      port,
      method: "POST",
      path: "/upload",
      headers: { "transfer-encoding": "chunked" },
    });
    upload.on("error", () => {});
    upload.end("hello");
    await started.promise;
    upload.destroy();
    expect(await gone.promise).toBe(true);
  });

  it("a stream answer is cancelled when its client left before the answer began", async () => {
    const cancelled = deferred<string>();
    const started = deferred();
    const app = new Hono();
    app.get("/stream", async (context) => {
      started.resolve();
      await aborted(context.req.raw.signal);
      const body = new ReadableStream<Uint8Array>({
        pull: (controller) => controller.enqueue(new TextEncoder().encode("data: tick\n\n")),
        cancel: () => cancelled.resolve("cancelled"),
      });
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    });
    const port = await serve(app);
    const client = request({ port, path: "/stream" });
    client.on("error", () => {});
    client.end();
    await started.promise;
    client.destroy();
    expect(await cancelled.promise).toBe("cancelled");
  });

  it("refuses an absolute-form target with a backslash in its path, as it does an origin-form one", async () => {
    const app = new Hono();
    app.get("*", (context) => context.text(context.req.path));
    const port = await serve(app);
    const statusOf = (target: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, "127.0.0.1", () =>
          socket.end(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
        );
        let text = "";
        socket.on("data", (chunk) => {
          text += chunk.toString("latin1");
        });
        socket.on("end", () => resolve(text.split("\r\n")[0] ?? ""));
        socket.on("error", reject);
      });
    expect(await statusOf("/x\\..\\api/echo")).toBe("HTTP/1.1 400 Bad Request");
    expect(await statusOf("http://localhost/x\\..\\api/echo")).toBe("HTTP/1.1 400 Bad Request");
    expect(await statusOf("http://localhost/api/echo")).toBe("HTTP/1.1 200 OK");
  });
});
