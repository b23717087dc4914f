import type { MessageCard, MessageSegment, SessionChatState, TurnContent } from "./chat-state.ts";
import type { PermissionModeState } from "./interaction-state.ts";

/** One part of a turn's body: a text segment or a typed card. */
export type TurnPart = { kind: "segment"; segment: MessageSegment } | { kind: "card"; card: MessageCard };

/** The permission mode an agent of the session runs in (`main` by default), when the server said. */
export function permissionModeOf(
  session: SessionChatState | undefined,
  agentId = "main",
): PermissionModeState | undefined {
  return session?.permissionModes?.[agentId];
}

/**
 * A turn's (or subagent entry's) segments and cards in the order they arrived, for rendering text and
 * cards interleaved. A card replaces a segment of the same id (the agent's text turned into a question
 * or plan). Parts the order does not name (content from a store that does not keep it) follow, segments
 * first.
 */
export function orderedParts(content: TurnContent): TurnPart[] {
  const byId = new Map<string, TurnPart>();
  for (const segment of content.segments ?? []) byId.set(segment.id, { kind: "segment", segment });
  for (const card of content.cards ?? []) byId.set(card.id, { kind: "card", card });
  const parts: TurnPart[] = [];
  for (const id of content.partOrder ?? []) {
    const part = byId.get(id);
    if (part === undefined) continue;
    byId.delete(id);
    parts.push(part);
  }
  return [...parts, ...byId.values()];
}
