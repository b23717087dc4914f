import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { ProjectStructureMessageSchema } from "./project-structure.ts";
import { richMessageToModelText } from "./rich-message-to-model-text.ts";

/** Most cards one message of a person can carry. */
export const MAX_MESSAGE_ATTACHMENTS = 4;

/** Entries of a shared structure the model reads at most, so one message stays a reasonable prompt. */
const ATTACHED_STRUCTURE_ENTRIES = 1500;

/**
 * A card a person attaches to their message (a project structure shared from the Project view or with
 * `/structure`): a rich message, keyed by `kind`, that the chat shows in the person's bubble and the model
 * reads as text after the message.
 */
export const MessageAttachmentSchema = lazySchema(() =>
  z.discriminatedUnion("kind", [ProjectStructureMessageSchema]),
);
export type MessageAttachment = z.infer<typeof MessageAttachmentSchema>;

/** The cards attached to a message, as a request or a stored message carries them. */
export const MessageAttachmentsSchema = lazySchema(() =>
  z.array(MessageAttachmentSchema).max(MAX_MESSAGE_ATTACHMENTS),
);

const STRUCTURE_NOTES: Record<string, string> = {
  tree: "Directory tree",
  file_list: "File list",
  dependencies: "Dependencies",
};

/** A short name for an attached card ("Directory tree of the project"), for titles and one-line views. */
export function attachmentLabel(attachment: MessageAttachment): string {
  return `${STRUCTURE_NOTES[attachment.data.structure_type] ?? "Structure"} of the project`;
}

/**
 * What the model reads for a person's message: their text, then each attached card as text with a note
 * saying the person shared it.
 */
export function userMessageModelText(text: string, attachments: readonly MessageAttachment[] = []): string {
  const parts = text.trim() === "" ? [] : [text];
  for (const attachment of attachments) {
    const body = richMessageToModelText(attachment, { maxStructureEntries: ATTACHED_STRUCTURE_ENTRIES });
    parts.push(`${attachmentLabel(attachment)}, shared by the person for context:\n\n${body}`);
  }
  return parts.join("\n\n");
}
