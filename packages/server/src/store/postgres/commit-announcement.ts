import type { CommittedEvents, LoggedEvent } from "../event-log.ts";

/**
 * PostgreSQL refuses a notification payload of 8000 bytes or more; a little is kept back for the header
 * line of seqs.
 */
const MAX_PAYLOAD_BYTES = 7_900;

/**
 * The payloads announcing a commit's events, in seq order: each names its seqs on its first line
 * (`first last`) and carries its events after it, one line each (a frame is JSON: one line starting with
 * `{`), with a line `@id` (or `-` for none) before the frames of each session. Events that do not fit one
 * payload go in the next; an event too long for any payload is announced by its seq alone.
 */
export function announcementsOf(events: readonly LoggedEvent[]): string[] {
  const payloads: string[] = [];
  let lines: string[] = [];
  let first = 0;
  let last = 0;
  let bytes = 0;
  let session: string | null | undefined;
  const close = () => {
    if (lines.length > 0) payloads.push(`${first} ${last}\n${lines.join("\n")}`);
    lines = [];
    bytes = 0;
    session = undefined;
  };
  for (const event of events) {
    const frameBytes = Buffer.byteLength(event.frame) + 1;
    const marker = sessionLine(event.sessionId);
    const markerBytes = marker === undefined ? 0 : Buffer.byteLength(marker) + 1;
    if (marker === undefined || !carriable(event.frame) || frameBytes + markerBytes > MAX_PAYLOAD_BYTES) {
      close();
      payloads.push(`${event.seq} ${event.seq}`);
      continue;
    }
    if (
      lines.length > 0 &&
      bytes + frameBytes + (event.sessionId === session ? 0 : markerBytes) > MAX_PAYLOAD_BYTES
    )
      close();
    if (lines.length === 0) first = event.seq;
    if (event.sessionId !== session) {
      lines.push(marker);
      bytes += markerBytes;
      session = event.sessionId;
    }
    lines.push(event.frame);
    bytes += frameBytes;
    last = event.seq;
  }
  close();
  return payloads;
}

/** Reads a payload of `announcementsOf`; undefined for anything else (an older server's: read the log). */
export function parseAnnouncement(payload: string): CommittedEvents | undefined {
  const headerEnd = payload.indexOf("\n");
  const header = (headerEnd === -1 ? payload : payload.slice(0, headerEnd)).split(" ");
  const first = Number(header[0]);
  const last = Number(header[1]);
  if (header.length !== 2 || !Number.isSafeInteger(first) || !Number.isSafeInteger(last) || first > last)
    return undefined;
  if (headerEnd === -1) return { first, last };
  const events: LoggedEvent[] = [];
  let sessionId: string | null = null;
  for (const line of payload.slice(headerEnd + 1).split("\n")) {
    if (line.startsWith("{")) events.push({ seq: first + events.length, sessionId, frame: line });
    else if (line === "-") sessionId = null;
    else if (line.startsWith("@")) sessionId = line.slice(1);
    else return { first, last };
  }
  // Anything but exactly the seqs named is not trusted: the log is read instead.
  return events.length === last - first + 1 ? { first, last, events } : { first, last };
}

/** The line naming a session, or undefined when its id could not be read back from one. */
function sessionLine(sessionId: string | null): string | undefined {
  if (sessionId === null) return "-";
  return sessionId.includes("\n") ? undefined : `@${sessionId}`;
}

/** Whether a frame reads back as one line of its own (always, for the JSON the bus writes). */
function carriable(frame: string): boolean {
  return frame.startsWith("{") && !frame.includes("\n");
}
