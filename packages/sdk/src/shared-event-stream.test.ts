import { afterEach, describe, expect, it } from "vitest";
import { ScriptedEvents } from "../test/support/scripted-events.ts";
import { fixtureFrames, streamBytesAfter } from "../test/support/server-fixture.ts";
import { TabProfile } from "../test/support/shared-tabs.ts";
import { deferred } from "../test/support/store-helpers.ts";

const allSeqs = fixtureFrames.map((frame) => frame.seq);
const seqsBetween = (after: number, upTo: number) => allSeqs.filter((seq) => seq > after && seq <= upTo);
/** The bytes of frames after `after` up to `upTo`, without the heartbeat a new connection starts with. */
const framesBetween = (after: number, upTo: number) =>
  fixtureFrames
    .filter((frame) => frame.seq > after && frame.seq <= upTo)
    .map((frame) => frame.block)
    .join("");

let profile: TabProfile | undefined;
const newProfile = (options: { replayLimit?: number } = {}) => {
  profile = new TabProfile(new ScriptedEvents(), options);
  return profile;
};
afterEach(() => profile?.closeAll());

describe("SharedEventStream", () => {
  it("opens one connection for all tabs, and every tab gets each frame once, in order, with the leader's status", async () => {
    const { server, tabs, tab } = bind(newProfile());
    const [first, second, third] = [tab("first"), tab("second"), tab("third")];
    for (const each of tabs) each.stream.start();
    const connection = await server.connection(0);
    connection.push(streamBytesAfter(0));
    await Promise.all(tabs.map((each) => each.deliveredSeq(29)));
    // The end of the connection is the leader's last message: every tab hears it after any frame before it.
    connection.end();
    await Promise.all(tabs.map((each) => each.shows((status) => status === "reconnecting")));

    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.after).toBeUndefined();
    expect([first.stream.leading, second.stream.leading, third.stream.leading]).toEqual([true, false, false]);
    for (const each of tabs) {
      expect(each.seqs, each.name).toEqual(allSeqs);
      expect(each.stream.cursor, each.name).toBe(29);
      expect(each.statuses.map((entry) => entry.status).at(-1), each.name).toBe("reconnecting");
      expect(
        each.statuses.some((entry) => entry.status === "connected"),
        each.name,
      ).toBe(true);
    }
  });

  it("replays to a tab that loaded a snapshot while the others streamed every frame after its head, once", async () => {
    const { server, tab } = bind(newProfile());
    const [first, second] = [tab("first"), tab("second")];
    first.stream.start();
    second.stream.start();
    const connection = await server.connection(0);
    connection.push(streamBytesAfter(0, fixtureFrames.slice(0, 20)));
    await Promise.all([first.deliveredSeq(20), second.deliveredSeq(20)]);

    const late = tab("late");
    late.stream.start();
    await late.shows((status) => status === "connected");
    // The late tab's snapshot is at seq 12; frames 21–25 are on their way while it asks for 13–20.
    late.stream.deliverAfter(12);
    connection.push(framesBetween(20, 25));
    await late.deliveredSeq(25);
    connection.push(framesBetween(25, 29));
    await Promise.all([first.deliveredSeq(29), second.deliveredSeq(29), late.deliveredSeq(29)]);
    connection.end();
    await late.shows((status) => status === "reconnecting");

    expect(late.seqs).toEqual(seqsBetween(12, 29));
    expect(late.resyncs).toEqual([]);
    expect(first.seqs).toEqual(allSeqs);
    expect(second.seqs).toEqual(allSeqs);
    expect(server.requests).toHaveLength(1);
  });

  it("makes a tab refetch when its snapshot is older than the frames any tab still holds, and goes on after", async () => {
    const { server, tab } = bind(newProfile({ replayLimit: 5 }));
    const first = tab("first");
    first.stream.start();
    const connection = await server.connection(0);
    connection.push(streamBytesAfter(0, fixtureFrames.slice(0, 20)));
    await first.deliveredSeq(20);

    const late = tab("late");
    const refetch = deferred();
    late.refetch = () => refetch.promise;
    late.stream.start();
    await late.shows((status) => status === "connected");
    late.stream.deliverAfter(10);
    await late.resynced();
    expect(late.stream.status).toBe("resyncing");
    // Frames that arrive during the refetch wait for it, then follow the refetched state.
    connection.push(framesBetween(20, 29));
    await first.deliveredSeq(29);
    refetch.resolve();
    await late.deliveredSeq(29);

    expect(late.seqs).toEqual(seqsBetween(20, 29));
    expect(late.resyncs).toHaveLength(1);
    expect(late.resyncs[0]).toMatchObject({ kind: "run", phase: "resync", seq: 20 });
    expect(late.stream.status).toBe("connected");
    expect(first.resyncs).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it("hands the stream to another tab when the leader's tab closes, resuming after what it had seen with nothing lost or doubled", async () => {
    const { server, tab } = bind(newProfile());
    const [first, second, third] = [tab("first"), tab("second"), tab("third")];
    for (const each of [first, second, third]) each.stream.start();
    const connection = await server.connection(0);
    connection.push(streamBytesAfter(0, fixtureFrames.slice(0, 15)));
    await Promise.all([first, second, third].map((each) => each.deliveredSeq(15)));

    first.stream.stop();
    const resumed = await server.connection(1);
    expect(resumed.after).toBe(15);
    resumed.push(streamBytesAfter(15));
    await Promise.all([second.deliveredSeq(29), third.deliveredSeq(29)]);
    resumed.end();
    await Promise.all([second, third].map((each) => each.shows((status) => status === "reconnecting")));

    expect(connection.closed).toBe(true);
    expect(server.requests).toHaveLength(2);
    expect([second.stream.leading, third.stream.leading]).toEqual([true, false]);
    expect(second.seqs).toEqual(allSeqs);
    expect(third.seqs).toEqual(allSeqs);
    expect(first.seqs).toEqual(seqsBetween(0, 15));
  });

  it("never lets a tab miss frames silently when the next leader takes over before the last frames reached it", async () => {
    const { server, tab } = bind(newProfile());
    const [first, second, third] = [tab("first"), tab("second"), tab("third")];
    server.onConnection = (connection, index) => {
      // The server's head is 15, but the first connection dies after 10; a live one starts at the head.
      if (index === 0) connection.push(streamBytesAfter(0, fixtureFrames.slice(0, 10)));
      else connection.push(streamBytesAfter(connection.after ?? 15));
    };
    for (const each of [first, second, third]) each.stream.start();
    // The leader closes the moment it has the frames, before the others can have heard them.
    await first.deliveredSeq(10);
    first.stream.stop();
    await second.deliveredSeq(29);
    const open = server.connections.filter((connection) => !connection.closed);
    expect(open).toHaveLength(1);
    // The end of the stream is the leader's last word: each tab hears it after everything before it.
    open[0]?.end();
    await second.shows((status) => status === "reconnecting");
    // The third tab is done once it has the last frame, or has refetched up to it.
    await third.until(
      () =>
        third.seqs.includes(29) || (third.resyncs.at(-1)?.seq === 29 && third.stream.status !== "resyncing"),
    );

    expect(second.stream.leading).toBe(true);
    // The new leader's tab had no snapshot yet: it delivers in order from where it first heard the stream.
    const from = second.seqs[0] ?? 0;
    expect(second.seqs).toEqual(seqsBetween(from - 1, 29));
    // The tab that had 1–10 gets 11–15 replayed, or is told to refetch (its refetched state then holds
    // everything up to the resync's head); never a silent gap, never a repeat.
    const resync = third.resyncs[0];
    if (resync === undefined) expect(third.seqs).toEqual(allSeqs);
    else expect(third.seqs).toEqual([...seqsBetween(0, 10), ...seqsBetween(resync.seq, 29)]);
    expect(third.resyncs.length).toBeLessThanOrEqual(1);
  });

  it("starts the shared stream at a snapshot's head when the leader loaded one before the stream knew where it was", async () => {
    const { server, tab } = bind(newProfile());
    const [first, second] = [tab("first"), tab("second")];
    first.stream.start();
    second.stream.start();
    const live = await server.connection(0);
    expect(live.after).toBeUndefined();
    first.stream.deliverAfter(5);
    const fromSnapshot = await server.connection(1);
    fromSnapshot.push(streamBytesAfter(5));
    await Promise.all([first.deliveredSeq(29), second.deliveredSeq(29)]);

    expect(fromSnapshot.after).toBe(5);
    expect(live.closed).toBe(true);
    expect(first.seqs).toEqual(seqsBetween(5, 29));
    expect(second.seqs).toEqual(seqsBetween(5, 29));
  });

  it("signs every tab out on 401, and tries again whenever a tab is opened, as a reload after signing in does", async () => {
    const { server, tab } = bind(newProfile());
    let signedIn = false;
    server.answer = () =>
      signedIn
        ? { connection: true }
        : { status: 401, body: { error: { code: "unauthorized", message: "no" } } };
    const unauthorized = (_: unknown, detail: { reason: string }) => detail.reason === "unauthorized";
    const first = tab("first");
    first.stream.start();
    await first.shows(unauthorized);
    const second = tab("second");
    second.stream.start();
    await second.shows(unauthorized);
    expect(server.requests).toHaveLength(2);
    expect(second.stream.status).toBe("offline");

    signedIn = true;
    const since = second.statuses.length;
    const reopened = tab("reopened");
    reopened.stream.start();
    const connection = await server.connection(0);
    connection.push(streamBytesAfter(0, fixtureFrames.slice(0, 3)));
    await Promise.all([first, second, reopened].map((each) => each.deliveredSeq(3)));
    await second.showsAfter(since, (status) => status === "connected");

    expect(server.requests).toHaveLength(3);
    expect(first.stream.leading).toBe(true);
    expect(reopened.seqs).toEqual([1, 2, 3]);
  });
});

/** The profile's parts, with `tab` bound so tests can destructure it. */
function bind(tabs: TabProfile) {
  return { server: tabs.server, tabs: tabs.tabs, tab: tabs.tab.bind(tabs) };
}
