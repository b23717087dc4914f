import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { MessageAttachmentsSchema } from "./message-attachment.ts";

/** The data of a Text rich message: markdown the UI renders as-is. */
export const TextDataSchema = lazySchema(() =>
  z.looseObject({
    text: z.string(),
    /** Cards a person attached to their message (a shared project structure), shown in their bubble. */
    attachments: MessageAttachmentsSchema.optional(),
  }),
);
export type TextData = z.infer<typeof TextDataSchema>;

/** A Text rich message; also what every fallback (invalid plan, unknown kind) renders as. */
export const TextMessageSchema = lazySchema(() =>
  z.looseObject({
    kind: z.literal("Text"),
    data: TextDataSchema,
  }),
);
export type TextMessage = z.infer<typeof TextMessageSchema>;

/** Builds a Text rich message from plain text. */
export function createTextMessage(text: string): TextMessage {
  return { kind: "Text", data: { text } };
}
