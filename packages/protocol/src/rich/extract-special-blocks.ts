import { decodeWith } from "../shared/decode-result.ts";
import { withoutCardFields } from "./card-fields.ts";
import { findJsonObjects } from "./json-candidates.ts";
import type { RichWarningOptions } from "./rich-warning.ts";
import { isSpecialBlockType, type SpecialBlock, SpecialBlockSchema } from "./special-blocks.ts";

/** A piece of message text: markdown to render as-is, or a special block to render as a card. */
export type MessageSegment = { kind: "markdown"; text: string } | { kind: "block"; block: SpecialBlock };

/**
 * Splits message text into markdown and special blocks (JSON objects whose `type` is `plan`,
 * `finalize_task`, `change_report` or `ask_user`, fenced or bare). Other JSON stays in the markdown;
 * a special block that fails its schema stays too, and is reported through `onWarning`.
 */
export function extractSpecialBlocks(text: string, options: RichWarningOptions = {}): MessageSegment[] {
  const segments: MessageSegment[] = [];
  let cursor = 0;
  for (const candidate of findJsonObjects(text)) {
    const type = candidate.value.type;
    // Cutting an object out of a larger fence would leave half a fence in the markdown.
    if (!isSpecialBlockType(type) || candidate.inFence) continue;
    const decoded = decodeWith(SpecialBlockSchema, withoutCardFields(type, candidate.value));
    if (!decoded.success) {
      options.onWarning?.({
        code: "invalid_special_block",
        message: `${type} block left as text: ${decoded.error.message}`,
      });
      continue;
    }
    pushMarkdown(segments, text.slice(cursor, candidate.start));
    segments.push({ kind: "block", block: decoded.value });
    cursor = candidate.end;
  }
  pushMarkdown(segments, text.slice(cursor));
  return segments;
}

/** Drops the blank lines a removed block leaves behind, keeping the markdown's own indentation. */
function pushMarkdown(segments: MessageSegment[], text: string): void {
  if (text.trim() === "") return;
  segments.push({ kind: "markdown", text: text.replace(/^(?:[ \t]*\r?\n)+/, "").trimEnd() });
}
