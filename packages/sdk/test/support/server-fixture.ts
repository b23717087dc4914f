import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type AnyUiSseMessage,
  decodeUiSseMessage,
  type SessionState,
  SessionStateSchema,
} from "@parley/protocol";

/** What `record-server-frames.ts` captured from the real server. */
export interface ServerFixture {
  head: number;
  chats: Record<
    "first" | "queued" | "second",
    {
      session_id: string;
      run_id?: string;
      message_id?: string;
      queue_item_id?: string;
      client_message_id?: string;
    }
  >;
  /** The exact bytes of `GET /api/events?after=0` up to the head. */
  bytes: string;
  states: Record<string, unknown>;
}

/** One logged frame: its SSE block as sent, and the decoded message. */
export interface FixtureFrame {
  seq: number;
  block: string;
  message: AnyUiSseMessage;
}

export const fixture: ServerFixture = JSON.parse(
  readFileSync(join(import.meta.dirname, "../fixtures/server-frames.json"), "utf8"),
);

/** The logged frames (heartbeats and the retry line left out), in seq order. */
export const fixtureFrames: FixtureFrame[] = fixture.bytes
  .split("\n\n")
  .filter((block) => block.startsWith("id: "))
  .map((block) => {
    const data = block.slice(block.indexOf("data: ") + 6);
    const decoded = decodeUiSseMessage(data);
    if (!decoded.success) throw new Error(`fixture frame does not decode: ${data}`);
    return { seq: decoded.value.message.seq, block: `${block}\n\n`, message: decoded.value.message };
  });

/** A session's final state snapshot, decoded. */
export function fixtureState(sessionId: string): SessionState {
  const decoded = SessionStateSchema.safeParse(fixture.states[sessionId]);
  if (!decoded.success) throw new Error(`fixture state of ${sessionId} does not decode`);
  return decoded.data;
}

/** The frames of one session. */
export function framesOf(sessionId: string): FixtureFrame[] {
  return fixtureFrames.filter((frame) => frame.message.session_id === sessionId);
}

/** What the server sends on `GET /api/events?after=<after>`: the retry line, a heartbeat, then the later frames. */
export function streamBytesAfter(after: number, frames: readonly FixtureFrame[] = fixtureFrames): string {
  const heartbeat = JSON.stringify({ id: "heartbeat", seq: after, rev: 1, ts_ms: 1, kind: "heartbeat" });
  return `retry: 1000\n\ndata: ${heartbeat}\n\n${frames
    .filter((frame) => frame.seq > after)
    .map((frame) => frame.block)
    .join("")}`;
}
