import type { SseEvent } from "@parley/testkit";
import type { ParleyServer } from "../../src/index.ts";
import type { RawSseClient } from "./raw-sse-client.ts";

/** One event of the durable log as the store holds it. */
export interface LogEntry {
  seq: number;
  frame: string;
}

/** Every event in the server's log, oldest first, read straight from the store. */
export function readLog(server: ParleyServer, after = 0): LogEntry[] {
  return server.context.store.events
    .readAfter(after, Number.MAX_SAFE_INTEGER)
    .map((event) => ({ seq: event.seq, frame: event.frame }));
}

/** The exact bytes the server sends for a logged event. */
export function frameBytes(entry: LogEntry): Buffer {
  return Buffer.from(`id: ${entry.seq}\ndata: ${entry.frame}\n\n`, "utf8");
}

/**
 * Where the stream's opening (`retry:` and the first heartbeat) ends in a body, or -1 if it has not all
 * arrived. Everything after it is logged frames, byte for byte.
 */
export function preambleLength(body: Buffer): number {
  const heartbeat = body.indexOf('"kind":"heartbeat"');
  if (heartbeat === -1) return -1;
  const end = body.indexOf("\n\n", heartbeat);
  return end === -1 ? -1 : end + 2;
}

/** Resolves with the preamble's length once it has arrived. */
export async function waitForPreamble(client: RawSseClient): Promise<number> {
  await client.waitFor((received) => preambleLength(received.body) !== -1);
  return preambleLength(client.body);
}

/** A deterministic pseudo-random source (mulberry32), so a failing cut pattern can be replayed. */
export function seededRandom(seed: number): (below: number) => number {
  let state = seed >>> 0;
  return (below) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
  };
}

/** Kinds of places a connection is cut: between frames, and inside a frame in ways a parser could trip on. */
export const CUT_KINDS = [
  "frame-boundary",
  "mid-data",
  "before-blank-line",
  "inside-id",
  "any-byte",
] as const;
export type CutKind = (typeof CUT_KINDS)[number];

/**
 * A byte offset into `frames` (laid out back to back) of the given kind, at frame `index`; 1 ≤ offset ≤
 * total length, so every cut keeps at least one byte and never waits for bytes that will not come.
 */
export function cutOffset(
  frames: readonly LogEntry[],
  kind: CutKind,
  index: number,
  random: (below: number) => number,
): number {
  const sizes = frames.map((entry) => frameBytes(entry).length);
  const start = sizes.slice(0, index).reduce((sum, size) => sum + size, 0);
  const size = sizes[index] ?? 0;
  const total = sizes.reduce((sum, value) => sum + value, 0);
  const header = `id: ${frames[index]?.seq}\ndata: `.length;
  const offset = {
    "frame-boundary": start + size,
    "mid-data": start + header + Math.floor((size - header - 2) / 2),
    "before-blank-line": start + size - 1,
    "inside-id": start + 2,
    "any-byte": 1 + random(total),
  }[kind];
  return Math.min(Math.max(offset, 1), total);
}

/** The logged (id-carrying) events of a received body, as `{seq, frame}`. */
export function receivedEntries(events: readonly SseEvent[]): LogEntry[] {
  return events
    .filter((event) => event.id !== undefined)
    .map((event) => ({ seq: Number(event.id), frame: event.data }));
}
