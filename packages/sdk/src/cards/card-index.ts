import type { ToolResultData } from "@parley/protocol";
import type { MessageCard } from "../chat-state.ts";
import {
  asksPerson,
  isToolRequestKind,
  isToolResultKind,
  readToolRequest,
  readToolResult,
} from "./tool-cards.ts";

/** What a card needs to know about the other cards of its turn: tool results by the request they answer. */
export interface CardIndex {
  results: ReadonlyMap<string, ToolResultData>;
  requestIds: ReadonlySet<string>;
}

/** Indexes a turn's cards, so a tool call finds its result. */
export function indexCards(cards: readonly MessageCard[]): CardIndex {
  const results = new Map<string, ToolResultData>();
  const requestIds = new Set<string>();
  for (const card of cards) {
    if (isToolRequestKind(card.rich.kind)) requestIds.add(card.id);
    if (!isToolResultKind(card.rich.kind)) continue;
    const result = readToolResult(card.rich.data);
    if (result !== undefined) results.set(result.request_id, result);
  }
  return { results, requestIds };
}

/**
 * Whether a card shows in the turn's body. A built-in tool call nobody had to approve shows in the tool
 * activity instead; an MCP call always shows as its card (server, title, result), however it was allowed;
 * a result shows with its call.
 */
export function isCardShown(card: MessageCard, index: CardIndex): boolean {
  if (card.rich.kind === "MCPToolRequest") return true;
  if (isToolRequestKind(card.rich.kind)) {
    const request = readToolRequest(card.rich.data);
    return request === undefined || asksPerson(request);
  }
  if (isToolResultKind(card.rich.kind)) {
    const result = readToolResult(card.rich.data);
    return result === undefined || !index.requestIds.has(result.request_id);
  }
  return true;
}
