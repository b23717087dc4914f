import { z } from "zod";
import { MessageAttachmentsSchema } from "../rich/message-attachment.ts";
import { lazySchema } from "../shared/lazy-schema.ts";
import { AgentIdSchema, ClientMessageIdSchema, IdSchema } from "./common.ts";

/** Longest message a person can send in one request (characters). */
export const MAX_CHAT_TEXT = 100_000;

/**
 * `POST /api/chat`: send a message to an agent of a session; queued when the agent is busy. The text may be
 * empty when the message carries attachments (a project structure shared on its own).
 */
export const ChatRequestSchema = lazySchema(() =>
  z
    .looseObject({
      /** Omit to start a new session. */
      session_id: IdSchema.optional(),
      agent_id: AgentIdSchema,
      text: z.string().trim().max(MAX_CHAT_TEXT),
      /** Cards attached to the message: shown in the person's bubble, read by the model as text. */
      attachments: MessageAttachmentsSchema.optional(),
      /** Makes the request idempotent: a retry with the same id returns the first response. */
      client_message_id: ClientMessageIdSchema.optional(),
    })
    .superRefine((request, context) => {
      if (request.text === "" && (request.attachments ?? []).length === 0) {
        context.addIssue({ code: "custom", path: ["text"], message: "must not be empty" });
      }
    }),
);
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

/** What happened to a chat message: a run started with it, or it waits in the agent's queue. */
export const ChatResponseSchema = lazySchema(() =>
  z.looseObject({
    session_id: z.string(),
    agent_id: z.string(),
    status: z.enum(["started", "queued"]),
    /** The stored user message (when started) — queued messages become messages when delivered. */
    message_id: z.string().optional(),
    run_id: z.string().optional(),
    queue_item_id: z.string().optional(),
    client_message_id: z.string().optional(),
    /** True when this response replays the first response to the same client_message_id. */
    duplicate: z.boolean(),
  }),
);
export type ChatResponse = z.infer<typeof ChatResponseSchema>;

/** `DELETE /api/queue-items/:item_id` result. */
export const QueueItemRemovedSchema = lazySchema(() =>
  z.looseObject({ removed: z.literal(true), item_id: z.string() }),
);
export type QueueItemRemoved = z.infer<typeof QueueItemRemovedSchema>;

/** `GET /api/queue-items/:item_id`: a queued message with its whole text (events and snapshots carry a preview). */
export const QueueItemSchema = lazySchema(() =>
  z.looseObject({
    id: z.string(),
    session_id: z.string(),
    agent_id: z.string(),
    /** The whole text while the item waits; empty once delivered (it is in the conversation) or removed. */
    text: z.string(),
    /** Cards the waiting message carries (a shared project structure). */
    attachments: MessageAttachmentsSchema.optional(),
    queued_at_ms: z.int().nonnegative(),
    /** `waiting` until the agent reads it (`delivered`) or the person takes it back (`removed`). */
    state: z.enum(["waiting", "delivered", "removed"]),
    client_message_id: z.string().optional(),
  }),
);
export type QueueItem = z.infer<typeof QueueItemSchema>;
