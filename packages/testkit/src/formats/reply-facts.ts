import type { ScriptedReply, ScriptedUsage, StopReason } from "../script-schema.ts";
import { statusForErrorType } from "./error-catalog.ts";
import type { ErrorFacts } from "./wire-format.ts";

/** A finished content block, as a non-streaming response lists it. */
export type ContentBlock =
  | { type: "text"; text: string }
  | { type: "thinking"; thinking: string; signature: string }
  | { type: "tool_call"; id: string; name: string; input: Record<string, unknown> };

/** Token counts used when a script does not set them. */
export const DEFAULT_USAGE: ScriptedUsage = { input: 10, output: 5 };

/** The usage a reply reports. */
export function usageOf(reply: ScriptedReply): ScriptedUsage {
  return reply.usage ?? DEFAULT_USAGE;
}

/** The stop reason a reply reports: scripted, else `tool_use` when it calls a tool, else `end_turn`. */
export function stopReasonOf(reply: ScriptedReply): StopReason {
  if (reply.stopReason) return reply.stopReason;
  return reply.steps.some((step) => step.type === "tool_call") ? "tool_use" : "end_turn";
}

/** Zero-padded request ordinal used in every generated id (`msg_fake_0003`). */
export function ordinalLabel(ordinal: number): string {
  return String(ordinal).padStart(4, "0");
}

/** The signature given to a thinking block when the script names none. */
export function defaultSignature(blockIndex: number): string {
  return `fake-signature-${blockIndex}`;
}

/** Splits `text` into `count` nearly equal, non-empty pieces (fewer when the text is short). */
export function splitIntoPieces(text: string, count: number): string[] {
  if (text.length === 0) return [];
  const size = Math.ceil(text.length / Math.max(1, count));
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size) pieces.push(text.slice(start, start + size));
  return pieces;
}

/**
 * Groups a reply's steps into the content blocks a non-streaming response carries: consecutive text (or
 * thinking) steps merge, gates vanish, and everything after a stream error is dropped.
 */
export function contentBlocksOf(reply: ScriptedReply, toolIdPrefix: string): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  let toolIndex = 0;
  for (const step of reply.steps) {
    const last = blocks.at(-1);
    if (step.type === "stream_error") break;
    if (step.type === "text") {
      if (last?.type === "text") last.text += step.text;
      else blocks.push({ type: "text", text: step.text });
    } else if (step.type === "thinking") {
      if (last?.type === "thinking") {
        last.thinking += step.thinking;
        if (step.signature) last.signature = step.signature;
      } else {
        const signature = step.signature ?? defaultSignature(blocks.length);
        blocks.push({ type: "thinking", thinking: step.thinking, signature });
      }
    } else if (step.type === "tool_call") {
      const id = step.id ?? `${toolIdPrefix}_${toolIndex}`;
      blocks.push({ type: "tool_call", id, name: step.name, input: step.input });
      toolIndex++;
    }
  }
  return blocks;
}

/** The stream error a reply ends with, as the HTTP error a non-streaming request gets instead. */
export function streamErrorAsHttpError(reply: ScriptedReply): ErrorFacts | undefined {
  const step = reply.steps.find((candidate) => candidate.type === "stream_error");
  if (step?.type !== "stream_error") return undefined;
  return { status: statusForErrorType(step.errorType), errorType: step.errorType, message: step.message };
}
