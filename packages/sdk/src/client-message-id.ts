/**
 * A fresh random `client_message_id` (matches the protocol's ClientMessageIdSchema), which makes a
 * retried `POST /api/chat` safe: the server never runs the same id twice.
 */
export function createClientMessageId(): string {
  const crypto = globalThis.crypto;
  if (crypto !== undefined && typeof crypto.randomUUID === "function") return `cm_${crypto.randomUUID()}`;
  let random = "";
  for (let index = 0; index < 4; index++) random += Math.random().toString(36).slice(2, 10).padEnd(8, "0");
  return `cm_${random}`;
}
