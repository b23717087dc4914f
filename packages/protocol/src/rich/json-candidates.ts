import { parseJson } from "../shared/decode-result.ts";
import { isRecord } from "./is-record.ts";

/**
 * A JSON object found in free text, with the span of text it came from (a whole fence for fenced JSON).
 * `inFence` marks an object found inside a fence that holds more than it, so its span is not the fence's.
 */
export interface JsonObjectCandidate {
  start: number;
  end: number;
  value: Record<string, unknown>;
  inFence: boolean;
}

type Region =
  | { kind: "prose"; start: number; end: number }
  | { kind: "fence"; start: number; end: number; info: string; bodyStart: number; bodyEnd: number };

const OPEN_FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)[^`]*$/;
const CLOSE_FENCE = /^ {0,3}(`{3,}|~{3,})\s*$/;
const JSON_FENCE_INFO = new Set(["", "json", "jsonc", "json5"]);

/**
 * Finds the JSON objects in model output, in text order: a fenced ```json (or unlabelled) block whose
 * body is an object, the complete objects inside one whose body is not valid JSON (comments, several
 * objects), and bare objects in prose. Braces in strings are handled; malformed JSON is skipped.
 */
export function findJsonObjects(text: string): JsonObjectCandidate[] {
  const candidates: JsonObjectCandidate[] = [];
  // Caps the bare-object scan so pathological input (thousands of unclosed `{"`) stays linear.
  const budget = { remaining: 16 * text.length + 65_536 };
  for (const region of splitFences(text)) {
    if (region.kind === "fence") {
      if (!JSON_FENCE_INFO.has(region.info)) continue;
      const parsed = parseJson(text.slice(region.bodyStart, region.bodyEnd));
      if (!parsed.success) {
        // Models put comments or two objects in one json fence; look for complete objects inside it.
        scanBareObjects(text, region.bodyStart, region.bodyEnd, budget, candidates, true);
      } else if (isRecord(parsed.value)) {
        candidates.push({ start: region.start, end: region.end, value: parsed.value, inFence: false });
      }
    } else {
      scanBareObjects(text, region.start, region.end, budget, candidates, false);
    }
  }
  return candidates;
}

function scanBareObjects(
  text: string,
  start: number,
  end: number,
  budget: { remaining: number },
  candidates: JsonObjectCandidate[],
  inFence: boolean,
): void {
  let index = start;
  while (index < end && budget.remaining > 0) {
    const open = text.indexOf("{", index);
    if (open === -1 || open >= end) return;
    index = open + 1;
    if (!opensJsonObject(text, open, end)) continue;
    const close = findObjectEnd(text, open, end);
    budget.remaining -= (close ?? end) - open;
    if (close === undefined) continue;
    const parsed = parseJson(text.slice(open, close));
    if (parsed.success && isRecord(parsed.value)) {
      candidates.push({ start: open, end: close, value: parsed.value, inFence });
      index = close;
    }
  }
}

/** A JSON object worth trying starts with `{` followed (after whitespace) by a quoted key. */
function opensJsonObject(text: string, open: number, end: number): boolean {
  for (let index = open + 1; index < end; index++) {
    const char = text[index];
    if (char === '"') return true;
    if (char !== " " && char !== "\n" && char !== "\r" && char !== "\t") return false;
  }
  return false;
}

/** The index just past the `}` that closes the object opened at `open`, or undefined when it never closes. */
function findObjectEnd(text: string, open: number, end: number): number | undefined {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let index = open; index < end; index++) {
    const char = text[index];
    if (inString) {
      if (escaped) escaped = false;
      else if (char === "\\") escaped = true;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === "{") {
      depth++;
    } else if (char === "}") {
      depth--;
      if (depth === 0) return index + 1;
    }
  }
  return undefined;
}

/** Splits text into prose and fenced code blocks; an unterminated fence runs to the end of the text. */
function splitFences(text: string): Region[] {
  const regions: Region[] = [];
  let proseStart = 0;
  let open: { start: number; marker: string; info: string; bodyStart: number } | undefined;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf("\n", lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const nextLine = newline === -1 ? text.length + 1 : newline + 1;
    const line = text.slice(lineStart, lineEnd);
    if (open === undefined) {
      const match = OPEN_FENCE.exec(line);
      if (match) {
        if (lineStart > proseStart) regions.push({ kind: "prose", start: proseStart, end: lineStart });
        const marker = match[1] ?? "```";
        const info = (match[2] ?? "").toLowerCase();
        open = { start: lineStart, marker, info, bodyStart: Math.min(nextLine, text.length) };
      }
    } else {
      const match = CLOSE_FENCE.exec(line);
      const marker = match?.[1];
      if (marker !== undefined && marker[0] === open.marker[0] && marker.length >= open.marker.length) {
        const end = Math.min(nextLine, text.length);
        regions.push({
          kind: "fence",
          start: open.start,
          end,
          info: open.info,
          bodyStart: open.bodyStart,
          bodyEnd: lineStart,
        });
        open = undefined;
        proseStart = end;
      }
    }
    lineStart = nextLine;
  }
  if (open !== undefined) {
    regions.push({
      kind: "fence",
      start: open.start,
      end: text.length,
      info: open.info,
      bodyStart: open.bodyStart,
      bodyEnd: text.length,
    });
  } else if (proseStart < text.length) {
    regions.push({ kind: "prose", start: proseStart, end: text.length });
  }
  return regions;
}
