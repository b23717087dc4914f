import type { ChatMessage, MessageSegment } from "@parley/sdk";

/** A token's whole effect on a turn: one streaming segment's text grew (or changed). */
export interface StreamedTextChange {
  segmentId: string;
  text: string;
}

/**
 * The streamed text `after` differs from `before` in, when that is all that differs: every field the same
 * object or value except the segments and the text derived from them (`text`, `liveText`), and the
 * segments the same but one streaming segment's text. Anything else (a card, activity, the phase, a new
 * segment) is `undefined`: the row renders.
 */
export function streamedTextChange(before: ChatMessage, after: ChatMessage): StreamedTextChange | undefined {
  if (!sameFieldsBesideText(before, after)) return undefined;
  const beforeSegments = before.segments;
  const afterSegments = after.segments;
  if (beforeSegments === undefined || afterSegments === undefined) return undefined;
  if (beforeSegments.length !== afterSegments.length) return undefined;
  let change: StreamedTextChange | undefined;
  for (let index = 0; index < afterSegments.length; index += 1) {
    const earlier = beforeSegments[index] as MessageSegment;
    const later = afterSegments[index] as MessageSegment;
    if (earlier === later) continue;
    if (change !== undefined || !onlyTextGrew(earlier, later)) return undefined;
    change = { segmentId: later.id, text: later.text };
  }
  return change;
}

const DERIVED_TEXT: ReadonlySet<string> = new Set(["segments", "text", "liveText"]);

function sameFieldsBesideText(before: ChatMessage, after: ChatMessage): boolean {
  const beforeFields = before as unknown as Record<string, unknown>;
  const afterFields = after as unknown as Record<string, unknown>;
  let count = 0;
  for (const key in afterFields) {
    count += 1;
    if (!DERIVED_TEXT.has(key) && beforeFields[key] !== afterFields[key]) return false;
  }
  for (const _ in beforeFields) count -= 1;
  return count === 0;
}

function onlyTextGrew(before: MessageSegment, after: MessageSegment): boolean {
  return (
    before.id === after.id &&
    before.streaming &&
    after.streaming &&
    before.thinking === after.thinking &&
    Object.keys(before).length === Object.keys(after).length
  );
}
