import { ApiError } from "../http/api-error.ts";

/**
 * Where an AG-UI stream stands, as its SSE `id:` says: the Parley run it shows, the seq its translation
 * starts after (`from`: the stream is the translation of the session's events after it), and the last frame
 * sent, the `index`-th AG-UI event made from the Parley event `seq` (the first frames, RUN_STARTED and the
 * state snapshot, count as made from `from`). The same events translate to the same frames, so a stream
 * resumed after a cursor is the rest of the same stream: nothing lost, nothing twice.
 */
export interface AgUiCursor {
  runId: string;
  from: number;
  seq: number;
  index: number;
}

/** A cursor as the SSE id: `<run>:<from>:<seq>:<index>`. */
export function formatAgUiCursor(cursor: AgUiCursor): string {
  return `${cursor.runId}:${cursor.from}:${cursor.seq}:${cursor.index}`;
}

/** The cursor in a `Last-Event-ID` (or `forwardedProps.parley.last_event_id`); a 400 naming `where` when it is not one. */
export function parseAgUiCursor(text: string, where: string): AgUiCursor {
  const match = /^(run_[\w-]{1,100}):(\d{1,15}):(\d{1,15}):(\d{1,6})$/.exec(text.trim());
  if (match === null) {
    const message = "expected an id of this stream's frames (<run>:<from>:<seq>:<index>)";
    throw new ApiError("invalid_request", `${where}: ${message}`, { issues: [{ path: where, message }] });
  }
  const [, runId, from, seq, index] = match as unknown as [string, string, string, string, string];
  return { runId, from: Number(from), seq: Number(seq), index: Number(index) };
}

/** Whether the frame at (`seq`, `index`) comes after the cursor (a stream resumed after it sends it). */
export function isAfter(seq: number, index: number, cursor: AgUiCursor | undefined): boolean {
  if (cursor === undefined) return true;
  return seq > cursor.seq || (seq === cursor.seq && index > cursor.index);
}
