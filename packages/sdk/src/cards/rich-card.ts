import { decodeRichMessage, isRichMessageKind } from "@parley/protocol";
import type { MessageCard } from "../chat-state.ts";

/**
 * The card a stored or announced rich message becomes. A kind this client does not know becomes a Text
 * card with the message's text (`unknownKind` names the original), so a newer server never breaks a page.
 */
export function cardFromRich(id: string, rich: { kind: string; data: unknown }): MessageCard {
  if (isRichMessageKind(rich.kind)) return { id, rich: { kind: rich.kind, data: rich.data } };
  const decoded = decodeRichMessage(rich);
  const text =
    decoded.success && decoded.value.kind === "Unknown"
      ? decoded.value.text
      : JSON.stringify(rich.data ?? null);
  return { id, rich: { kind: "Text", data: { text } }, unknownKind: rich.kind };
}

/** The warning to log for a message of an unknown kind (shown as text). */
export function unknownKindWarning(id: string, kind: string): string {
  return `message ${id} has unknown rich kind "${kind}"; it is shown as text`;
}

/** True when a rich message is of a kind this client cannot render as its own card. */
export function isUnknownKind(kind: string): boolean {
  return !isRichMessageKind(kind);
}
