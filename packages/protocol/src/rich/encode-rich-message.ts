import type { DecodedRichMessage } from "./unknown-rich-message.ts";

/**
 * Serializes a rich message to JSON text. An UnknownRichMessage is written back as the payload it was
 * decoded from, so messages from newer peers pass through this version unchanged.
 */
export function encodeRichMessage(message: DecodedRichMessage): string {
  return JSON.stringify(message.kind === "Unknown" ? message.raw : message);
}
