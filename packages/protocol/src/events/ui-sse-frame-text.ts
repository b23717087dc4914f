import type { ServerEvent } from "./server-event.ts";
import { toUiSseMessage, type UiSseEnvelope } from "./to-ui-sse-message.ts";
import type { TokenEvent } from "./token-event.ts";

/** Keys of a Token that the frame carries outside `data` (lifted, its text and its phase). */
const tokenKeysOutsideData: ReadonlySet<string> = new Set([
  "type",
  "agent_id",
  "session_id",
  "project_root",
  "token",
  "done",
]);

/**
 * An event's SSE frame as JSON text: exactly `JSON.stringify(toUiSseMessage(event, envelope))`, byte for
 * byte. A streamed token, the event a server sends most, is written straight into the text instead of
 * building a frame object and a `data` object per delta only to serialize them.
 */
export function uiSseFrameText(event: ServerEvent, envelope: UiSseEnvelope): string {
  if (event.type !== "Token" || envelope.id !== undefined || envelope.rev < 2)
    return JSON.stringify(toUiSseMessage(event, envelope));
  const { head, own, tail } = uiSseTokenFrameParts(event, envelope);
  return `{"seq":${numberText(envelope.seq)}${head}${own}${tail}`;
}

/**
 * A streamed token's frame after its `{"seq":N` (revision 2 and up, no explicit id), in three parts: `head`
 * and `tail`, which every delta of a stream published at the same time shares (the same string while they
 * do), and the delta's `own` (its phase and text). `{"seq":N` + head + own + tail is `uiSseFrameText`'s
 * frame for seq N, byte for byte: a log can keep what a run of deltas shares once and rebuild each frame.
 */
export interface UiSseTokenFrameParts {
  head: string;
  own: string;
  tail: string;
}

/** The parts of a Token's frame (see `UiSseTokenFrameParts`); `envelope.seq` is not read. */
export function uiSseTokenFrameParts(
  event: TokenEvent,
  envelope: Pick<UiSseEnvelope, "rev" | "ts_ms">,
): UiSseTokenFrameParts {
  let own = event.done ? `,"phase":"done"` : "";
  if (typeof event.token === "string") own += `,"text":${JSON.stringify(event.token)}`;
  return { head: tokenHead(envelope.rev, envelope.ts_ms), own, tail: tokenTail(event) };
}

/** The last head written, reused while its revision and time are the same (a commit's deltas share them). */
let lastHead = { rev: Number.NaN, tsMs: Number.NaN, text: "" };

function tokenHead(rev: number, tsMs: number): string {
  if (rev !== lastHead.rev || tsMs !== lastHead.tsMs) {
    lastHead = { rev, tsMs, text: `,"rev":${numberText(rev)},"ts_ms":${numberText(tsMs)},"kind":"token"` };
  }
  return lastHead.text;
}

/** The values the last token's tail was written from (key and value pairs, all primitives), and that tail. */
let lastTail: { values: unknown[]; text: string } = { values: [], text: "" };
const tailValues: unknown[] = [];

/**
 * A token frame's text after its `text` (agent, session and `data`). The deltas of one stream repeat it
 * exactly, so it is written once and reused while the values it was written from are the same.
 */
function tokenTail(event: TokenEvent): string {
  const values = tailValues;
  values.length = 0;
  values.push(event.agent_id, event.session_id);
  const fields = event as Record<string, unknown>;
  for (const key in fields) {
    const value = fields[key];
    if (value === undefined || tokenKeysOutsideData.has(key)) continue;
    if (key === "thinking" && value === false) continue;
    // An object may have changed inside since it was written: such a tail is written afresh.
    if (typeof value === "object" && value !== null) return writeTokenTail(event);
    values.push(key, value);
  }
  const last = lastTail;
  if (sameValues(values, last.values)) return last.text;
  lastTail = { values: values.slice(), text: writeTokenTail(event) };
  return lastTail.text;
}

function sameValues(values: readonly unknown[], others: readonly unknown[]): boolean {
  if (values.length !== others.length) return false;
  for (let index = 0; index < values.length; index++) if (values[index] !== others[index]) return false;
  return true;
}

function writeTokenTail(event: TokenEvent): string {
  let text = "";
  if (typeof event.agent_id === "string") text += `,"agent_id":${JSON.stringify(event.agent_id)}`;
  if (event.session_id !== undefined) text += `,"session_id":${JSON.stringify(event.session_id)}`;
  // Revision 2 leaves out a token's `project_root` and its `thinking: false` (see UI_SSE_WIRE_REVISION).
  let data = "";
  const fields = event as Record<string, unknown>;
  for (const key in fields) {
    const value = fields[key];
    if (value === undefined || tokenKeysOutsideData.has(key)) continue;
    if (key === "thinking" && value === false) continue;
    const valueText = JSON.stringify(value) as string | undefined;
    if (valueText === undefined) continue;
    data += `${data === "" ? "" : ","}${JSON.stringify(key)}:${valueText}`;
  }
  return data === "" ? `${text}}` : `${text},"data":{${data}}}`;
}

/** A number as JSON writes it (non-finite numbers become null). */
function numberText(value: number): string {
  return Number.isFinite(value) ? String(value) : "null";
}
