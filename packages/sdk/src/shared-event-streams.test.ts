import { afterEach, describe, expect, it, vi } from "vitest";
import { InProcessLocks } from "../test/support/in-process-locks.ts";
import { ScriptedEvents } from "../test/support/scripted-events.ts";
import type { ConnectionStatus } from "./chat-state.ts";
import { ChatStore } from "./chat-store.ts";
import type { EventStream } from "./event-stream.ts";
import { ParleyClient } from "./parley-client.ts";
import { sharedEventStreams } from "./shared-event-streams.ts";
import type { BroadcastChannelLike } from "./tab-channel.ts";

const opened: EventStream[] = [];
afterEach(() => {
  for (const stream of opened.splice(0)) stream.stop();
  vi.unstubAllGlobals();
});

/** A page's stream from the factory, against `server` at `baseUrl`, and a promise of the first status it shows. */
function pageStream(factory: ReturnType<typeof sharedEventStreams>, server: ScriptedEvents, baseUrl: string) {
  const waiters: { status: ConnectionStatus; resolve: () => void }[] = [];
  const stream = factory({
    client: new ParleyClient({ baseUrl, fetch: server.fetch }),
    onFrame: () => {},
    onStatus: (status) => {
      for (const waiter of waiters.filter((entry) => entry.status === status)) waiter.resolve();
    },
  });
  opened.push(stream);
  const shows = (status: ConnectionStatus) =>
    new Promise<void>((resolve) => waiters.push({ status, resolve }));
  return Object.assign(stream, { shows });
}

describe("sharedEventStreams", () => {
  it("shares one connection among the pages of one server", async () => {
    const server = new ScriptedEvents();
    const factory = sharedEventStreams({
      locks: new InProcessLocks(),
      openChannel: (name) => new BroadcastChannel(name) as unknown as BroadcastChannelLike,
    });
    const pages = [1, 2, 3].map(() => pageStream(factory, server, "http://127.0.0.1:4401"));
    const reconnecting = pages.map((page) => page.shows("reconnecting"));
    for (const page of pages) page.start();
    const connection = await server.connection(0);
    connection.end();
    // Every page hears the leader's report of the end, which comes after anything it did before.
    await Promise.all(reconnecting);

    expect(server.requests).toHaveLength(1);
  });

  it("never shares a connection between pages of two servers", async () => {
    const here = new ScriptedEvents();
    const there = new ScriptedEvents();
    const factory = sharedEventStreams({
      locks: new InProcessLocks(),
      openChannel: (name) => new BroadcastChannel(name) as unknown as BroadcastChannelLike,
    });
    pageStream(factory, here, "http://127.0.0.1:4317").start();
    pageStream(factory, there, "http://127.0.0.1:4318").start();

    await Promise.all([here.connection(0), there.connection(0)]);
    expect([here.requests.length, there.requests.length]).toEqual([1, 1]);
  });

  it("tells the page's store whether its connection is shared with the other tabs", () => {
    const server = new ScriptedEvents();
    const sharing = new ChatStore({
      baseUrl: "http://127.0.0.1:4403",
      fetch: server.fetch,
      createEventStream: sharedEventStreams({
        locks: new InProcessLocks(),
        openChannel: (name) => new BroadcastChannel(name) as unknown as BroadcastChannelLike,
      }),
    });
    vi.stubGlobal("navigator", {});
    const alone = new ChatStore({
      baseUrl: "http://127.0.0.1:4403",
      fetch: server.fetch,
      createEventStream: sharedEventStreams(),
    });

    expect(sharing.getSnapshot().connectionShared).toBe(true);
    expect(alone.getSnapshot().connectionShared).toBe(false);
    // A store given no factory (Node, the CLI) has no tabs to share with, and says nothing about it.
    expect(new ChatStore({ baseUrl: "http://127.0.0.1:4403" }).getSnapshot()).not.toHaveProperty(
      "connectionShared",
    );
  });

  it("falls back to a connection per page where the browser has no Web Locks", async () => {
    vi.stubGlobal("navigator", {});
    const server = new ScriptedEvents();
    const factory = sharedEventStreams();
    pageStream(factory, server, "http://127.0.0.1:4402").start();
    pageStream(factory, server, "http://127.0.0.1:4402").start();

    await server.connection(1);
    expect(server.requests).toHaveLength(2);
    expect(opened.map((stream) => stream.shared)).toEqual([false, false]);
  });
});
