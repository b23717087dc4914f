import { describe, expect, test } from "vitest";
import type { LoggedEvent } from "../event-log.ts";
import { announcementsOf, parseAnnouncement } from "./commit-announcement.ts";

const frame = (seq: number, text = "x") => JSON.stringify({ seq, text });
const logged = (seq: number, sessionId: string | null, text?: string): LoggedEvent => ({
  seq,
  sessionId,
  frame: frame(seq, text),
});

describe("a commit's announcement", () => {
  test("carries its events with their sessions, read back exactly", () => {
    const events = [logged(7, "ses_a"), logged(8, "ses_a"), logged(9, null), logged(10, "ses_b")];
    const payloads = announcementsOf(events);
    expect(payloads).toHaveLength(1);
    expect(parseAnnouncement(payloads[0] as string)).toEqual({ first: 7, last: 10, events });
  });

  test("spreads events over payloads under PostgreSQL's 8000 bytes, each naming its own seqs", () => {
    const long = "y".repeat(3000);
    const events = [1, 2, 3, 4, 5].map((seq) => logged(seq, "ses_a", long));
    const payloads = announcementsOf(events);
    expect(payloads.map((payload) => Buffer.byteLength(payload) < 8000)).toEqual([true, true, true]);
    const read = payloads.map(parseAnnouncement);
    expect(read.map((commit) => [commit?.first, commit?.last])).toEqual([
      [1, 2],
      [3, 4],
      [5, 5],
    ]);
    expect(read.flatMap((commit) => commit?.events ?? [])).toEqual(events);
  });

  test("names an event too long for any payload by its seq alone, between payloads carrying the others", () => {
    const events = [logged(1, null), logged(2, null, "z".repeat(9000)), logged(3, null)];
    expect(announcementsOf(events).map(parseAnnouncement)).toEqual([
      { first: 1, last: 1, events: [events[0]] },
      { first: 2, last: 2 },
      { first: 3, last: 3, events: [events[2]] },
    ]);
  });

  test("names by seq alone an event whose session or frame would not read back as one line", () => {
    const odd = [
      { seq: 4, sessionId: "ses\nx", frame: frame(4) },
      { seq: 5, sessionId: null, frame: "not json\nat all" },
    ];
    expect(announcementsOf(odd).map(parseAnnouncement)).toEqual([
      { first: 4, last: 4 },
      { first: 5, last: 5 },
    ]);
  });

  test("is not read from an older server's notification (its name) or one whose events do not match its seqs", () => {
    expect(parseAnnouncement("host:/home/someone/.parley/projects/abc")).toBeUndefined();
    expect(parseAnnouncement("host:/a b")).toBeUndefined();
    expect(parseAnnouncement("")).toBeUndefined();
    expect(parseAnnouncement(`3 4\n-\n${frame(3)}`)).toEqual({ first: 3, last: 4 });
  });
});
