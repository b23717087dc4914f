import { afterEach, describe, expect, it } from "vitest";
import { readLog } from "./support/sse-log.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

describe("publishing events to the durable log", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  it("streamed tokens waiting for the group commit survive a unit of work that rolls back", async () => {
    server = await startTestServer();
    const { bus, store } = server.server.context;
    const stream = await server.events({ after: 0 });
    const token = (text: string) =>
      ({
        type: "Token",
        agent_id: "main",
        token: text,
        done: false,
        thinking: false,
        message_id: "m1",
      }) as const;

    bus.publish(token("Hello "));
    bus.publish(token("world"));
    expect(() =>
      store.transaction(() => {
        bus.publish({ type: "StateUpdated", reason: "about to fail" });
        throw new Error("the unit of work failed");
      }),
    ).toThrow("the unit of work failed");
    bus.publish(token("!"));
    await stream.waitFor((frames) => frames.some((frame) => frame.message.text?.endsWith("!")));

    // The tokens are logged (in order, with contiguous seqs); the rolled-back event is not.
    const log = readLog(server.server);
    expect(log.map((entry) => entry.seq)).toEqual(log.map((_, index) => index + 1));
    expect(log.map((entry) => JSON.parse(entry.frame).kind)).not.toContain("run");
    expect(log.map((entry) => JSON.parse(entry.frame).text).join("")).toBe("Hello world!");
    expect(stream.frames.map((frame) => ({ seq: Number(frame.id), frame: frame.raw }))).toEqual(log);
    await stream.close();
  });

  it("never delivers events of a savepoint that rolled back inside a committed unit of work", async () => {
    server = await startTestServer();
    const { bus, store } = server.server.context;
    const stream = await server.events({ after: 0 });

    store.transaction(() => {
      bus.publish({ type: "StateUpdated", reason: "first" });
      expect(() =>
        store.transaction(() => {
          bus.publish({ type: "StateUpdated", reason: "rolled back" });
          throw new Error("the inner unit failed");
        }),
      ).toThrow("the inner unit failed");
      bus.publish({ type: "StateUpdated", reason: "last" });
    });
    await stream.waitFor((frames) => frames.length >= 2);

    const reasons = (entries: { frame: string }[]) =>
      entries.map((entry) => (JSON.parse(entry.frame) as { data: { reason: string } }).data.reason);
    const log = readLog(server.server);
    expect(reasons(log)).toEqual(["first", "last"]);
    expect(log.map((entry) => entry.seq)).toEqual([1, 2]);
    expect(stream.frames.map((frame) => frame.message.seq)).toEqual([1, 2]);
    expect(reasons(stream.frames.map((frame) => ({ frame: frame.raw })))).toEqual(["first", "last"]);
    await stream.close();
  });
});
