import { type MarkdownBlocks, parseMarkdownBlocks } from "@parley/sdk/markdown";
import { grownTail } from "./stream-tail.ts";

/**
 * The streaming markdown's tail, written without React. `MarkdownContent` renders the open block's last
 * text (`tailLeaf`) as an element with no children that this writer owns, and records the blocks it
 * rendered; `take(text)` then shows a longer text by setting that element's text when the parse differs
 * from the rendered one only in that leaf (a token inside a paragraph, a list item, a heading). Anything
 * else returns false: the caller has React render the text.
 */
export class StreamTailWriter {
  #element: HTMLElement | null = null;
  #rendered: MarkdownBlocks | undefined;
  #latest: MarkdownBlocks | undefined;
  #reactText = "";

  /** The last parse, rendered or written: the next parse starts from it. */
  get latest(): MarkdownBlocks | undefined {
    return this.#latest;
  }

  /** React committed `blocks`; `withTail` when their open block shows its tail in the element. */
  rendered(blocks: MarkdownBlocks, withTail: boolean): void {
    this.#rendered = withTail ? blocks : undefined;
    this.#latest = blocks;
  }

  /** React placed (or removed, `null`) the tail element, showing `text`. */
  attach(element: HTMLElement | null, text: string): void {
    this.#element = element;
    this.#reactText = text;
    if (element !== null) write(element, text);
  }

  /** Puts back the text React last gave the tail, before React renders over written tokens. */
  restore(): void {
    if (this.#element !== null) write(this.#element, this.#reactText);
  }

  /** Shows `text` by writing the tail element, when only the tail changed; false when React must render. */
  take(text: string): boolean {
    const rendered = this.#rendered;
    const element = this.#element;
    if (rendered === undefined || element === null) return false;
    const blocks = parseMarkdownBlocks(text, this.#latest);
    this.#latest = blocks;
    const before = rendered.open[0];
    const after = blocks.open[0];
    if (before === undefined || after === undefined || !sameBlocksAround(rendered, blocks)) return false;
    const tail = grownTail(before.token, after.token);
    if (tail === undefined) return false;
    write(element, tail);
    return true;
  }
}

/** The closed blocks are the rendered ones and the open ones after the first are unchanged. */
function sameBlocksAround(rendered: MarkdownBlocks, next: MarkdownBlocks): boolean {
  if (next.closed.length !== rendered.closed.length || next.closed.at(-1) !== rendered.closed.at(-1))
    return false;
  if (next.open.length !== rendered.open.length) return false;
  for (let index = 1; index < next.open.length; index += 1) {
    if (next.open[index]?.token.raw !== rendered.open[index]?.token.raw) return false;
  }
  return next.open[0]?.key === rendered.open[0]?.key;
}

function write(element: HTMLElement, text: string): void {
  const node = element.firstChild;
  // Anything but one text node (a page translator wraps text in elements): replace it whole.
  if (node === null || node.nodeType !== Node.TEXT_NODE || node.nextSibling !== null) {
    if (element.textContent !== text) element.textContent = text;
    return;
  }
  const shown = node as Text;
  if (shown.data === text) return;
  // A token that extends the text is appended, so a selection in what was already there stays put.
  if (text.startsWith(shown.data)) shown.appendData(text.slice(shown.data.length));
  else shown.data = text;
}
