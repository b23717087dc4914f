import type { ContentBlockParam, MessageParam } from "@parley/protocol";

/** The engine closes an interrupted turn with a user note starting like this (as Claude Code does). */
const INTERRUPT_NOTE = "[Request interrupted by user";

/**
 * Adds the text a stopped run had streamed (and the user saw) to the conversation the model gets next
 * turn, so both remember the same answer. It becomes the turn's last assistant text, placed before the note
 * the engine adds for an interrupt. A trailing assistant message that holds only thinking is dropped when
 * there is no text to add: a reply of pure thinking is not a valid turn to send back.
 */
export function withPartialText(params: readonly MessageParam[], text: string): MessageParam[] {
  const result = [...params];
  const note = takeInterruptNote(result);
  const tail = result.at(-1);
  if (text !== "") {
    const block: ContentBlockParam = { type: "text", text };
    if (tail?.role === "assistant")
      result[result.length - 1] = { ...tail, content: [...blocksOf(tail), block] };
    else result.push({ role: "assistant", content: [block] });
  } else if (tail?.role === "assistant" && blocksOf(tail).every(isThinking)) {
    result.pop();
  }
  if (note !== undefined) result.push({ role: "user", content: [note] });
  return result;
}

/** Removes the interrupt note from the end of the conversation (it may share a user message with the prompt). */
function takeInterruptNote(params: MessageParam[]): ContentBlockParam | undefined {
  const last = params.at(-1);
  if (last?.role !== "user") return undefined;
  const blocks = blocksOf(last);
  const note = blocks.at(-1);
  if (note?.type !== "text" || !note.text.startsWith(INTERRUPT_NOTE)) return undefined;
  if (blocks.length === 1) params.pop();
  else params[params.length - 1] = { ...last, content: blocks.slice(0, -1) };
  return note;
}

function blocksOf(message: MessageParam): ContentBlockParam[] {
  return typeof message.content === "string"
    ? [{ type: "text", text: message.content }]
    : [...message.content];
}

function isThinking(block: ContentBlockParam): boolean {
  return block.type === "thinking" || block.type === "redacted_thinking";
}
