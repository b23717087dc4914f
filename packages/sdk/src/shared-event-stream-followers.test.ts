import { afterEach, describe, expect, it } from "vitest";
import { ScriptedEvents } from "../test/support/scripted-events.ts";
import {
  allSeqs,
  fixtureFrames,
  framesBetween,
  seqsBetween,
  streamBytesAfter,
} from "../test/support/server-fixture.ts";
import { TabProfile } from "../test/support/shared-tabs.ts";
import type { TabMessage } from "./tab-channel.ts";

const postedSeqs = (messages: TabMessage[]) =>
  messages.map((message) => (message.type === "frame" ? message.frame.seq : Number.NaN));

let profile: TabProfile | undefined;
const newProfile = () => {
  profile = new TabProfile(new ScriptedEvents());
  return profile;
};
afterEach(() => profile?.closeAll());

describe("SharedEventStream, with and without other tabs", () => {
  it("posts no frames while no other tab listens, and a tab opened mid-answer still gets every frame after its snapshot", async () => {
    const tabs = newProfile();
    const overheard = tabs.overhear();
    const first = tabs.tab("first");
    first.stream.start();
    const connection = await tabs.server.connection(0);
    connection.push(streamBytesAfter(0, fixtureFrames.slice(0, 12)));
    await first.deliveredSeq(12);
    expect(overheard.from("first", "frame")).toEqual([]);

    // The new tab's snapshot is at seq 8; frames 13–20 come while it asks for 9–12.
    const late = tabs.tab("late");
    late.stream.start();
    late.stream.deliverAfter(8);
    connection.push(framesBetween(12, 20));
    await late.deliveredSeq(20);
    connection.push(framesBetween(20, 29));
    await Promise.all([first.deliveredSeq(29), late.deliveredSeq(29)]);

    expect(first.seqs).toEqual(allSeqs);
    expect(late.seqs).toEqual(seqsBetween(8, 29));
    expect(late.resyncs).toEqual([]);
    // Only frames after the leader heard the late tab were posted, each once, in order.
    await overheard.until(() => postedSeqs(overheard.from("first", "frame")).includes(29));
    const posted = postedSeqs(overheard.from("first", "frame"));
    expect(posted).toEqual(seqsBetween((posted[0] ?? 0) - 1, 29));
    expect(posted[0]).toBeGreaterThan(12);
  });

  it("stops posting frames once the last other tab closes, and posts again when another opens", async () => {
    const tabs = newProfile();
    const overheard = tabs.overhear();
    const [first, second] = [tabs.tab("first"), tabs.tab("second")];
    first.stream.start();
    second.stream.start();
    const connection = await tabs.server.connection(0);
    await first.channel.handled("second", "hello");
    connection.push(streamBytesAfter(0, fixtureFrames.slice(0, 10)));
    await Promise.all([first.deliveredSeq(10), second.deliveredSeq(10)]);
    await overheard.until(() => postedSeqs(overheard.from("first", "frame")).includes(10));
    expect(postedSeqs(overheard.from("first", "frame"))).toEqual(seqsBetween(0, 10));

    second.stream.stop();
    await first.channel.handled("second", "bye");
    connection.push(framesBetween(10, 20));
    await first.deliveredSeq(20);
    expect(postedSeqs(overheard.from("first", "frame"))).toEqual(seqsBetween(0, 10));

    second.stream.start();
    await first.channel.handled("second", "hello", 2);
    connection.push(framesBetween(20, 29));
    await Promise.all([first.deliveredSeq(29), second.deliveredSeq(29)]);

    expect(second.seqs).toEqual(allSeqs);
    expect(second.resyncs).toEqual([]);
    await overheard.until(() => postedSeqs(overheard.from("first", "frame")).includes(29));
    expect(postedSeqs(overheard.from("first", "frame"))).toEqual([
      ...seqsBetween(0, 10),
      ...seqsBetween(20, 29),
    ]);
  });

  it("gives a following tab the frames a new leader streamed before it heard that tab follow", async () => {
    const tabs = newProfile();
    const overheard = tabs.overhear();
    const [first, second, third] = [tabs.tab("first"), tabs.tab("second"), tabs.tab("third")];
    for (const each of [first, second, third]) each.stream.start();
    const connection = await tabs.server.connection(0);
    await Promise.all([first.channel.handled("second", "hello"), first.channel.handled("third", "hello")]);
    connection.push(streamBytesAfter(0, fixtureFrames.slice(0, 15)));
    await Promise.all([first, second, third].map((each) => each.deliveredSeq(15)));

    // The third tab is busy: its `follow` reaches the next leader only after that one streamed to the end.
    third.channel.hold();
    first.stream.stop();
    const resumed = await tabs.server.connection(1);
    expect(resumed.after).toBe(15);
    resumed.push(streamBytesAfter(15));
    await second.deliveredSeq(29);
    expect(overheard.from("second", "frame")).toEqual([]);
    third.channel.release();
    await third.deliveredSeq(29);

    expect(second.stream.leading).toBe(true);
    expect(second.seqs).toEqual(allSeqs);
    expect(third.seqs).toEqual(allSeqs);
    expect(third.resyncs).toEqual([]);
    expect(tabs.server.requests).toHaveLength(2);
  });
});
