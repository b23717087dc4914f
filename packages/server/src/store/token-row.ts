import type { UiSseTokenFrameParts } from "@parley/protocol";

/**
 * How a row of several token deltas (one commit's run of one session and run, `first_seq` set) holds their
 * frames. The deltas of a stream published together share all of their frame but the seq and their own
 * part (phase and text), so the row keeps the shared head and tail once and each delta's own part:
 *
 *     MARK head \n tail \n own₀ \n own₁ …          frame i = `{"seq":${firstSeq + i}` + head + ownᵢ + tail
 *
 * The frames sent to clients are built by the same `tokenFrame`, so a row reads back byte for byte what was
 * sent. Deltas that do not share a head and tail (or come without parts) are kept as before, their frames
 * joined by newlines (JSON never has a raw one, so no part of a frame has), and rows written that way before
 * read back unchanged. 50 deltas of the SSE bench (11.5 KB of frames) take 1.5 KB: the row fits its table page,
 * so a commit writes no overflow pages to the WAL (docs/decisions/2026-11-27-token-path.md).
 */

/** Starts a row in the shared form; a row of joined frames starts with a frame's `{`. */
const MARK = "\u0003";
const SEPARATOR = "\n";

/** A token's frame for `seq` from its parts: what is sent, and what a row in the shared form gives back. */
export function tokenFrame(seq: number, parts: UiSseTokenFrameParts): string {
  return `{"seq":${seq}${parts.head}${parts.own}${parts.tail}`;
}

/**
 * The stored form of a run of deltas (at least two) with consecutive seqs, from each one's parts; undefined
 * when they do not all share the first one's head and tail.
 */
export function packTokenRun(run: readonly UiSseTokenFrameParts[]): string | undefined {
  const { head, tail } = run[0] as UiSseTokenFrameParts;
  if (head.includes(SEPARATOR) || tail.includes(SEPARATOR)) return undefined;
  let stored = `${MARK}${head}${SEPARATOR}${tail}`;
  for (const parts of run) {
    if (parts.head !== head || parts.tail !== tail || parts.own.includes(SEPARATOR)) return undefined;
    stored += SEPARATOR + parts.own;
  }
  return stored;
}

/** The stored form of frames that did not share their parts: joined. */
export function joinTokenFrames(frames: readonly string[]): string {
  return frames.join(SEPARATOR);
}

/** The frames a token row of several deltas holds, in seq order from `firstSeq`. */
export function unpackTokenRun(stored: string, firstSeq: number): string[] {
  if (!stored.startsWith(MARK)) return stored.split(SEPARATOR);
  const parts = stored.split(SEPARATOR);
  const head = (parts[0] as string).slice(MARK.length);
  const tail = parts[1] as string;
  const frames: string[] = new Array(parts.length - 2);
  for (let index = 2; index < parts.length; index++) {
    frames[index - 2] = tokenFrame(firstSeq + index - 2, { head, own: parts[index] as string, tail });
  }
  return frames;
}
