import { afterEach, describe, expect, it } from "vitest";
import { ScriptedEvents } from "../test/support/scripted-events.ts";
import { fixtureFrames, streamBytesAfter } from "../test/support/server-fixture.ts";
import { TabProfile, type TestTab } from "../test/support/shared-tabs.ts";

const allSeqs = fixtureFrames.map((frame) => frame.seq);
const seqsBetween = (after: number, upTo: number) => allSeqs.filter((seq) => seq > after && seq <= upTo);
/** The bytes of the frames after `after`, without the heartbeat a new connection starts with. */
const framesAfter = (after: number) =>
  fixtureFrames
    .filter((frame) => frame.seq > after)
    .map((frame) => frame.block)
    .join("");

let profile: TabProfile | undefined;
const newProfile = () => {
  profile = new TabProfile(new ScriptedEvents());
  return profile;
};
afterEach(() => profile?.closeAll());

/** A tab is done once it has the last frame, or has refetched up to it (its state then holds the rest). */
const caughtUp = (tab: TestTab) =>
  tab.until(
    () => tab.seqs.includes(29) || (tab.resyncs.at(-1)?.seq === 29 && tab.stream.status !== "resyncing"),
  );

/** Each frame once, in order: all of them, or those before a refetch and those after its head. */
function expectNoGapNorRepeat(tab: TestTab, upTo: number): void {
  const resync = tab.resyncs[0];
  if (resync === undefined) expect(tab.seqs, tab.name).toEqual(allSeqs);
  else expect(tab.seqs, tab.name).toEqual([...seqsBetween(0, upTo), ...seqsBetween(resync.seq, 29)]);
  expect(tab.resyncs.length, tab.name).toBeLessThanOrEqual(1);
}

describe("SharedEventStream and the tabs' visibility", () => {
  it("moves the stream to the tab the user switches to when the leader's tab is hidden, with every frame once in every tab", async () => {
    const { server, tab } = bind(newProfile());
    const first = tab("first");
    const second = tab("second", { visible: false });
    const background = tab("background", { visible: false });
    for (const each of [first, second, background]) each.stream.start();
    const connection = await server.connection(0);
    connection.push(streamBytesAfter(0, fixtureFrames.slice(0, 15)));
    await Promise.all([first, second, background].map((each) => each.deliveredSeq(15)));

    first.visibility.set(false);
    second.visibility.set(true);
    const resumed = await server.connection(1);
    expect(resumed.after).toBe(15);
    resumed.push(streamBytesAfter(15));
    await Promise.all([first, second, background].map((each) => each.deliveredSeq(29)));
    resumed.end();
    await Promise.all(
      [first, second, background].map((each) => each.shows((status) => status === "reconnecting")),
    );

    expect(connection.closed).toBe(true);
    expect(server.requests).toHaveLength(2);
    expect([first.stream.leading, second.stream.leading, background.stream.leading]).toEqual([
      false,
      true,
      false,
    ]);
    for (const each of [first, second, background]) expect(each.seqs, each.name).toEqual(allSeqs);
  });

  it("moves the stream without a gap when the old leader hears from the new one before its lock says it was taken", async () => {
    const { server, tab, locks } = bind(newProfile());
    const first = tab("first");
    const second = tab("second", { visible: false });
    first.stream.start();
    second.stream.start();
    const connection = await server.connection(0);
    connection.push(streamBytesAfter(0, fixtureFrames.slice(0, 15)));
    await Promise.all([first.deliveredSeq(15), second.deliveredSeq(15)]);

    let notifyFirst = () => {};
    locks.deliverSteal = (notify) => {
      notifyFirst = notify;
    };
    first.visibility.set(false);
    second.visibility.set(true);
    const resumed = await server.connection(1);
    resumed.push(streamBytesAfter(15, fixtureFrames.slice(0, 20)));
    await second.deliveredSeq(20);
    // A third tab's hello is answered after those frames: once it is connected, the first tab has heard them too.
    const third = tab("third");
    third.stream.start();
    await third.shows((status) => status === "connected");
    expect(first.stream.leading).toBe(true);
    notifyFirst();
    await first.deliveredSeq(20);
    resumed.push(framesAfter(20));
    await Promise.all([first, second, third].map((each) => each.deliveredSeq(29)));

    expect(connection.closed).toBe(true);
    expect(first.stream.leading).toBe(false);
    expect(first.seqs).toEqual(allSeqs);
    expect(second.seqs).toEqual(allSeqs);
    expect(server.requests).toHaveLength(2);
  });

  it("gives the stream back to the hidden tab it was taken from when the shown tab closes", async () => {
    const { server, tab } = bind(newProfile());
    const first = tab("first", { visible: false });
    first.stream.start();
    const connection = await server.connection(0);
    connection.push(streamBytesAfter(0, fixtureFrames.slice(0, 10)));
    await first.deliveredSeq(10);

    const second = tab("second");
    second.stream.start();
    const stolen = await server.connection(1);
    stolen.push(streamBytesAfter(stolen.after ?? 10, fixtureFrames.slice(0, 20)));
    await Promise.all([first.deliveredSeq(20), second.deliveredSeq(20)]);
    second.stream.stop();
    const back = await server.connection(2);
    back.push(streamBytesAfter(20));
    await first.deliveredSeq(29);

    expect(connection.closed).toBe(true);
    expect(stolen.closed).toBe(true);
    expect(back.after).toBe(20);
    expect(first.stream.leading).toBe(true);
    expect(first.seqs).toEqual(allSeqs);
  });

  it("lets only one of several shown tabs take the stream from a hidden leader", async () => {
    const { server, tab } = bind(newProfile());
    const first = tab("first");
    const [second, third] = [tab("second", { visible: false }), tab("third", { visible: false })];
    for (const each of [first, second, third]) each.stream.start();
    const connection = await server.connection(0);
    connection.push(streamBytesAfter(0, fixtureFrames.slice(0, 10)));
    await Promise.all([first, second, third].map((each) => each.deliveredSeq(10)));

    // Two windows side by side come to the front while the leader's window is minimised.
    second.visibility.set(true);
    third.visibility.set(true);
    first.visibility.set(false);
    const taken = await server.connection(1);
    taken.push(streamBytesAfter(taken.after ?? 10));
    await Promise.all([first, second, third].map((each) => each.deliveredSeq(29)));
    taken.end();
    await Promise.all(
      [first, second, third].map((each) => each.shows((status) => status === "reconnecting")),
    );

    expect(server.requests).toHaveLength(2);
    expect([first, second, third].filter((each) => each.stream.leading)).toHaveLength(1);
    expect(first.stream.leading).toBe(false);
    for (const each of [first, second, third]) expect(each.seqs, each.name).toEqual(allSeqs);
  });

  it("hands the stream over once when the leader's tab closes, though a closing page turns hidden first", async () => {
    const { server, tab } = bind(newProfile());
    const [first, second, third] = [tab("first"), tab("second"), tab("third")];
    for (const each of [first, second, third]) each.stream.start();
    const connection = await server.connection(0);
    connection.push(streamBytesAfter(0, fixtureFrames.slice(0, 10)));
    await Promise.all([first, second, third].map((each) => each.deliveredSeq(10)));

    first.visibility.set(false);
    first.stream.stop();
    const next = await server.connection(1);
    next.push(streamBytesAfter(next.after ?? 10));
    await Promise.all([second.deliveredSeq(29), third.deliveredSeq(29)]);
    next.end();
    await Promise.all([second, third].map((each) => each.shows((status) => status === "reconnecting")));

    expect(server.requests).toHaveLength(2);
    expect([second.stream.leading, third.stream.leading]).toEqual([true, false]);
    expect(second.seqs).toEqual(allSeqs);
    expect(third.seqs).toEqual(allSeqs);
  });

  it("never takes the stream from a leader whose tab is shown", async () => {
    const { server, tab } = bind(newProfile());
    const [first, second] = [tab("first"), tab("second", { visible: false })];
    first.stream.start();
    second.stream.start();
    const connection = await server.connection(0);
    connection.push(streamBytesAfter(0, fixtureFrames.slice(0, 10)));
    await second.deliveredSeq(10);

    second.visibility.set(true);
    const third = tab("third");
    third.stream.start();
    await third.shows((status) => status === "connected");
    connection.push(framesAfter(10));
    await Promise.all([first, second, third].map((each) => each.deliveredSeq(29)));

    expect(server.requests).toHaveLength(1);
    expect(connection.closed).toBe(false);
    expect([first.stream.leading, second.stream.leading, third.stream.leading]).toEqual([true, false, false]);
    expect(second.seqs).toEqual(allSeqs);
  });

  it("leaves the stream where it is while every tab is hidden", async () => {
    const { server, tab } = bind(newProfile());
    const [first, second] = [tab("first", { visible: false }), tab("second", { visible: false })];
    first.stream.start();
    second.stream.start();
    const connection = await server.connection(0);
    connection.push(streamBytesAfter(0, fixtureFrames.slice(0, 10)));
    await second.deliveredSeq(10);

    first.visibility.set(true);
    first.visibility.set(false);
    connection.push(framesAfter(10));
    await Promise.all([first.deliveredSeq(29), second.deliveredSeq(29)]);

    expect(server.requests).toHaveLength(1);
    expect([first.stream.leading, second.stream.leading]).toEqual([true, false]);
    expect(second.seqs).toEqual(allSeqs);
  });

  it("never lets a tab miss frames silently when a shown tab takes the stream before the last frames reached it", async () => {
    const { server, tab } = bind(newProfile());
    const first = tab("first", { visible: false });
    const second = tab("second", { visible: false });
    const third = tab("third", { visible: false });
    server.onConnection = (connection, index) => {
      // The server's head is 15, but the first connection dies after 10; a live one starts at the head.
      if (index === 0) connection.push(streamBytesAfter(0, fixtureFrames.slice(0, 10)));
      else connection.push(streamBytesAfter(connection.after ?? 15));
    };
    for (const each of [first, second, third]) each.stream.start();
    // The user switches to the second tab the moment the hidden leader has the frames.
    await first.deliveredSeq(10);
    second.visibility.set(true);
    await second.deliveredSeq(29);
    const open = server.connections.filter((connection) => !connection.closed);
    expect(open).toHaveLength(1);
    // The end of the stream is the leader's last word: each tab hears it after everything before it.
    open[0]?.end();
    await second.shows((status) => status === "reconnecting");
    await Promise.all([caughtUp(first), caughtUp(third)]);

    expect([first.stream.leading, second.stream.leading, third.stream.leading]).toEqual([false, true, false]);
    // The new leader delivers in order from where it first heard the stream.
    const from = second.seqs[0] ?? 0;
    expect(second.seqs).toEqual(seqsBetween(from - 1, 29));
    // The old leader had 1–10 from its own stream, the third tab whatever reached it: each gets the rest
    // replayed, or refetches; never a silent gap, never a repeat.
    expectNoGapNorRepeat(first, 10);
    const thirdHad = Math.max(0, ...third.seqs.filter((seq) => seq <= 10));
    expectNoGapNorRepeat(third, thirdHad);
  });
});

/** The profile's parts, with `tab` bound so tests can destructure it. */
function bind(tabs: TabProfile) {
  return { server: tabs.server, tabs: tabs.tabs, locks: tabs.locks, tab: tabs.tab.bind(tabs) };
}
