import { extractSpecialBlocks } from "@parley/protocol";
import type { ChatMessage, MessageCard, MessageSegment } from "@parley/sdk";
import { type MarkdownBlock, type MarkdownBlocks, parseMarkdownBlocks } from "@parley/sdk/markdown";
import type { TranscriptBlock } from "./blocks.ts";
import { type PlannedBlock, settleSignature, turnBlocks, userBlocks } from "./turn-blocks.ts";

/** How many of a session's latest messages are printed when it opens; older ones are in the history view. */
export const INITIAL_MESSAGES = 30;

/** What to show now: blocks to write once (in order), and the live tail to redraw. */
export interface TranscriptPlan {
  print: TranscriptBlock[];
  live: TranscriptBlock[];
}

interface SegmentMemory {
  /** The markdown split of the segment's text, carried forward so a token re-parses only the last block. */
  blocks?: MarkdownBlocks;
  /** The text the printed blocks covered; text that no longer starts with it was restarted. */
  printedPrefix: string;
  /** How many leading closed blocks lie within the printed prefix: a token starts looking after them. */
  printedBlocks: number;
  generation: number;
}

/**
 * Decides what of one session's conversation is written to the terminal for good and what stays live.
 * It walks the messages in order and prints every final block until the first one that can still change;
 * it remembers what it printed, so nothing is printed twice, and a card printed while it waited (a
 * question, a plan, a workflow) gets one more line when it settles. A streaming answer costs the parse of
 * its last markdown block per token, whatever its length.
 */
export class TranscriptPrinter {
  readonly #printed = new Set<string>();
  /**
   * Stored messages already written, as `segment:<id>` or `card:<id>`: a reload can show the same message
   * as text where it was a card (or the other way round), and it must not be written twice.
   */
  readonly #sources = new Set<string>();
  /** Messages whose every block is printed, by identity: an unchanged message is skipped at once. */
  readonly #finished = new WeakSet<ChatMessage>();
  readonly #segments = new Map<string, SegmentMemory>();
  /** Cards printed before they settled, with what they looked like then. */
  readonly #unsettled = new Map<string, string | undefined>();
  #startId: string | undefined;
  /** How many earlier messages the transcript leaves out. */
  skipped = 0;
  /** Whether the transcript has said so. */
  skipNoted = false;

  plan(messages: readonly ChatMessage[], initialMessages = INITIAL_MESSAGES): TranscriptPlan {
    const print: TranscriptBlock[] = [];
    const live: TranscriptBlock[] = [];
    let start =
      this.#startId === undefined ? -1 : messages.findIndex((message) => message.id === this.#startId);
    if (start === -1) {
      start = Math.max(0, messages.length - initialMessages);
      this.#startId = messages[start]?.id;
      this.skipped = start;
    }
    let blocked = false;
    let previous: PlannedBlock["kind"] | undefined;
    for (let position = start; position < messages.length; position++) {
      const message = messages[position] as ChatMessage;
      if (!blocked && this.#finished.has(message)) {
        previous = undefined;
        continue;
      }
      const blocks =
        message.role === "user" ? userBlocks(message) : turnBlocks(message, this.#segmentSource(message));
      let allPrinted = true;
      for (const block of blocks) {
        const placed = { ...block, gap: !(block.kind === "tool" && previous === "tool") } as TranscriptBlock;
        previous = block.kind;
        if (this.#printed.has(block.key) || this.#writtenAsOther(block)) continue;
        if (!blocked && block.final) {
          this.#printed.add(block.key);
          print.push(placed);
          this.#noteCard(placed);
          this.#noteSegment(placed);
          this.#noteSource(placed);
          continue;
        }
        blocked = true;
        allPrinted = false;
        live.push(placed);
      }
      if (allPrinted && !blocked) this.#finished.add(message);
    }
    print.push(...this.#settled(messages));
    return { print, live };
  }

  #segmentSource(message: ChatMessage) {
    return {
      segmentBlocks: (segment: MessageSegment, turnDone: boolean) =>
        this.#segmentBlocks(message, segment, turnDone),
    };
  }

  #segmentBlocks(message: ChatMessage, segment: MessageSegment, turnDone: boolean): PlannedBlock[] {
    const memory = this.#segments.get(segment.id) ?? { printedPrefix: "", printedBlocks: 0, generation: 0 };
    this.#segments.set(segment.id, memory);
    const planned: PlannedBlock[] = [];
    if (!segment.text.startsWith(memory.printedPrefix)) {
      // A retried model request restarted this text after part of it was printed: say so, print it anew.
      memory.generation++;
      memory.printedPrefix = "";
      memory.printedBlocks = 0;
      memory.blocks = undefined;
      planned.push({ kind: "restarted", key: `${segment.id}#${memory.generation}:restarted`, final: true });
    }
    const streaming = segment.streaming && !turnDone && message.isGenerating === true;
    const blocks = parseMarkdownBlocks(segment.text, memory.blocks);
    // A parse that could not reuse the closed blocks (the text changed before them) numbers them anew.
    if (memory.blocks !== undefined && blocks.closed[0] !== memory.blocks.closed[0]) memory.printedBlocks = 0;
    memory.blocks = blocks;
    const printedUpTo = memory.printedPrefix.length;
    const { closed } = blocks;
    // Blocks are printed in order, so the closed blocks within the printed prefix are written: starting
    // after them keeps a token's cost independent of how much of the answer came before.
    while (memory.printedBlocks < closed.length && endOf(closed[memory.printedBlocks]) <= printedUpTo)
      memory.printedBlocks++;
    const unprinted = [...closed.slice(memory.printedBlocks), ...blocks.open];
    const open = new Set(blocks.open);
    for (const block of unprinted) {
      const type = block.token.type;
      const end = endOf(block);
      if (type === "space" || type === "def" || end <= printedUpTo) continue;
      const key = `${segment.id}#${memory.generation}:${block.key}`;
      const maybeSpecial = type === "paragraph" && block.token.raw.trimStart().startsWith("{");
      if (maybeSpecial && !streaming) {
        const parts = extractSpecialBlocks(block.token.raw);
        const [only] = parts;
        if (parts.length === 1 && only?.kind === "block") {
          planned.push({ kind: "special", key, final: true, block: only.block, end });
          continue;
        }
      }
      // A JSON object still streaming may turn out to be a card: it waits for the segment to end.
      const final = !streaming || (!open.has(block) && !maybeSpecial);
      planned.push({ kind: "markdown", key, final, token: block.token, end });
    }
    return planned;
  }

  #noteSource(block: TranscriptBlock): void {
    if (block.kind === "card" || block.kind === "tool") this.#sources.add(`card:${block.card.id}`);
    else if (block.kind === "markers")
      for (const card of block.message.cards ?? []) this.#sources.add(`card:${card.id}`);
    else if (block.kind === "markdown" || block.kind === "special")
      this.#sources.add(`segment:${segmentOf(block.key)}`);
  }

  /** Whether the stored message behind a block was written already in its other form (text or card). */
  #writtenAsOther(block: PlannedBlock): boolean {
    if (block.kind === "card" || block.kind === "tool") return this.#sources.has(`segment:${block.card.id}`);
    if (block.kind === "markdown" || block.kind === "special")
      return this.#sources.has(`card:${segmentOf(block.key)}`);
    return false;
  }

  /** Remembers how far a segment's printed text reaches, to notice a restart. */
  #noteSegment(block: TranscriptBlock): void {
    if (block.kind !== "markdown" && block.kind !== "special") return;
    const memory = this.#segments.get(segmentOf(block.key));
    const end = block.end;
    if (memory?.blocks === undefined || end === undefined) return;
    memory.printedPrefix = memory.blocks.text.slice(0, end);
  }

  #noteCard(block: TranscriptBlock): void {
    const card = block.kind === "card" || block.kind === "tool" ? block.card : undefined;
    if (card === undefined) return;
    const signature = settleSignature(card);
    if (signature !== undefined && isUnsettled(card, signature)) this.#unsettled.set(card.id, signature);
  }

  /** A line for each printed card that settled since it was printed (answered, decided, ended). */
  #settled(messages: readonly ChatMessage[]): TranscriptBlock[] {
    if (this.#unsettled.size === 0) return [];
    const settled: TranscriptBlock[] = [];
    for (const card of cardsOf(messages, this.#unsettled)) {
      const signature = settleSignature(card);
      if (signature === this.#unsettled.get(card.id)) continue;
      if (signature !== undefined && isUnsettled(card, signature)) {
        this.#unsettled.set(card.id, signature);
        continue;
      }
      this.#unsettled.delete(card.id);
      const key = `${card.id}:settled:${signature ?? ""}`;
      if (this.#printed.has(key)) continue;
      this.#printed.add(key);
      settled.push({ kind: "settled", key, final: true, gap: true, card });
    }
    return settled;
  }
}

/** Where a markdown block ends in its text (its key is where it starts). */
function endOf(block: MarkdownBlock | undefined): number {
  return block === undefined ? 0 : Number(block.key) + block.token.raw.length;
}

/** The segment a text block's key names (`<segment id>#<generation>:<offset>`). */
function segmentOf(key: string): string {
  return key.slice(0, key.lastIndexOf("#"));
}

function isUnsettled(card: MessageCard, signature: string): boolean {
  if (card.rich.kind === "WorkflowExecution") return signature === "active";
  if (card.rich.kind === "Plan")
    return signature.startsWith("proposed:") || signature.startsWith("executing:");
  return signature === "pending" || signature === "Pending";
}

/** The current version of the cards with these ids, wherever they are (turns and subagents). */
function cardsOf(messages: readonly ChatMessage[], ids: ReadonlyMap<string, unknown>): MessageCard[] {
  const found: MessageCard[] = [];
  for (const message of messages) {
    for (const card of message.cards ?? []) if (ids.has(card.id)) found.push(card);
    for (const entry of message.subagentTree ?? [])
      for (const card of entry.cards ?? []) if (ids.has(card.id)) found.push(card);
  }
  return found;
}
