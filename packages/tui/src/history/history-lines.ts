import { attachmentLabel } from "@parley/protocol";
import type { ChatMessage } from "@parley/sdk";
import { isToolRequestKind, orderedParts, readToolRequest, safeText, segmentsOf } from "@parley/sdk";
import stringWidth from "string-width";

/** One message as the history view shows it: who spoke and its lines at the terminal's width. */
export interface HistoryEntry {
  message: ChatMessage;
  lines: string[];
}

/** What the history view shows: the entries on screen, oldest first, and where they start. */
export interface HistoryWindow {
  /** Index in the session's messages of the oldest entry shown. */
  start: number;
  /** Index after the newest entry shown. */
  end: number;
  entries: HistoryEntry[];
  /** Lines of the oldest entry left out above (it did not fit whole). */
  cutAbove: number;
}

// Messages are immutable: each is turned into lines once per width, however often the view moves.
const linesOf = new WeakMap<ChatMessage, { columns: number; lines: string[] }>();

/** A message's lines at `columns`: its text as written (markdown source) and a line per card. */
export function messageLines(message: ChatMessage, columns: number): string[] {
  const cached = linesOf.get(message);
  if (cached?.columns === columns) return cached.lines;
  const lines = wrap(messageText(message), Math.max(10, columns));
  linesOf.set(message, { columns, lines });
  return lines;
}

function messageText(message: ChatMessage): string {
  if (message.role === "user") {
    // A structure shared without words is named, so the line never reads empty.
    const shared = (message.attachments ?? []).map((attachment) => `[${attachmentLabel(attachment)}]`);
    return `› ${[message.text, ...shared].filter((part) => part !== "").join(" ")}`;
  }
  const parts: string[] = [];
  for (const part of orderedParts({ ...message, segments: segmentsOf(message) })) {
    if (part.kind === "segment") {
      if (part.segment.text.trim() !== "") parts.push(part.segment.text.trim());
      continue;
    }
    const { kind, data } = part.card.rich;
    const request = isToolRequestKind(kind) ? readToolRequest(data) : undefined;
    parts.push(request === undefined ? `▸ ${kind}` : `▸ ${request.tool_name} (${request.approval_status})`);
  }
  if (message.error !== undefined) parts.push(`✗ ${message.error}`);
  return parts.length === 0 ? "(no text)" : parts.join("\n");
}

/** Hard-wraps text to `columns`, by display width. */
function wrap(text: string, columns: number): string[] {
  const lines: string[] = [];
  for (const line of safeText(text).split("\n")) {
    if (stringWidth(line) <= columns) {
      lines.push(line);
      continue;
    }
    let current = "";
    for (const character of line) {
      if (stringWidth(current + character) > columns) {
        lines.push(current);
        current = "";
      }
      current += character;
    }
    lines.push(current);
  }
  return lines;
}

/**
 * The entries that fill `height` lines and end just before message `end`: only these are turned into
 * lines, so a page costs the same in a session of 30 messages or 5,000. An oldest entry taller than the
 * room left shows its last lines.
 */
export function windowEndingAt(
  messages: readonly ChatMessage[],
  end: number,
  height: number,
  columns: number,
): HistoryWindow {
  const entries: HistoryEntry[] = [];
  let room = height;
  let start = end;
  let cutAbove = 0;
  for (let index = end - 1; index >= 0 && room > 0; index--) {
    const message = messages[index] as ChatMessage;
    const lines = messageLines(message, columns);
    // A blank line between messages.
    const gap = entries.length > 0 ? 1 : 0;
    if (room - gap < 1) break;
    start = index;
    if (lines.length + gap <= room) {
      entries.unshift({ message, lines });
      room -= lines.length + gap;
      continue;
    }
    const shown = room - gap;
    cutAbove = lines.length - shown;
    entries.unshift({ message, lines: lines.slice(-shown) });
    room = 0;
  }
  return { start, end, entries, cutAbove };
}

/** Where a page down from `end` ends: after the messages that fill `height` lines. */
export function pageDownFrom(
  messages: readonly ChatMessage[],
  end: number,
  height: number,
  columns: number,
): number {
  let room = height;
  let next = end;
  while (next < messages.length && room > 0) {
    room -= messageLines(messages[next] as ChatMessage, columns).length + 1;
    next++;
  }
  return Math.max(next, Math.min(messages.length, end + 1));
}
