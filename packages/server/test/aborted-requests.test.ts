import { connect } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "./support/test-server.ts";

describe("a client that goes away mid-request", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await server?.dispose();
    server = undefined;
  });

  it("an upload cut off halfway is noted at debug level, with no stack trace, and changes nothing", async () => {
    server = await startTestServer({ env: { PARLEY_DEBUG: "1" } });
    const errors = vi.spyOn(console, "error");
    const warnings = vi.spyOn(console, "warn");
    const noted = new Promise<string>((resolve) => {
      vi.spyOn(console, "debug").mockImplementation((...parts: unknown[]) =>
        resolve(parts.map(String).join(" ")),
      );
    });
    const url = new URL(server.url);
    const socket = connect(Number(url.port), url.hostname);
    await new Promise<void>((resolve) => socket.once("connect", resolve));
    const body = JSON.stringify({ text: "x".repeat(50_000) });
    socket.write(
      `POST /api/chat HTTP/1.1\r\nhost: ${url.host}\r\nauthorization: Bearer ${server.server.token}\r\n` +
        `content-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body.slice(0, 1000)}`,
    );
    // Once the server has started reading the body, the client disappears.
    await new Promise((resolve) => setImmediate(resolve));
    socket.destroy();

    expect(await noted).toMatch(/client closed the connection.*POST \/api\/chat/);
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
    expect(server.server.context.store.events.head).toBe(0);
  });
});
