import { type MessageAttachment, MessageAttachmentsSchema } from "@parley/protocol";

/**
 * The cards a person's message carries, read from its rich message (`data.attachments`); undefined when it
 * has none or they do not decode (a newer peer's kind), so the bubble still shows its text.
 */
export function attachmentsOfRich(rich: unknown): MessageAttachment[] | undefined {
  const data = (rich as { data?: { attachments?: unknown } } | undefined)?.data;
  if (data?.attachments === undefined) return undefined;
  const decoded = MessageAttachmentsSchema.safeParse(data.attachments);
  return decoded.success && decoded.data.length > 0 ? decoded.data : undefined;
}
