import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/** Characters of a queued message that events and snapshots carry; the full text is fetched by id. */
export const QUEUE_PREVIEW_CHARS = 200;

/**
 * A user message waiting for a busy agent, as events and snapshots show it: a preview, never the whole text
 * (`GET /api/queue-items/:id` has it), so a queue of large messages costs each client little.
 */
export const QueuedMessageSchema = lazySchema(() =>
  z.looseObject({
    id: z.string(),
    /** The first `QUEUE_PREVIEW_CHARS` characters of the message. */
    preview: z.string(),
    /** Length of the whole message, in characters. */
    text_length: z.int().nonnegative(),
    /** True when `preview` is not the whole message. */
    truncated: z.boolean(),
    queued_at_ms: z.int().nonnegative(),
    client_message_id: z.string().optional(),
    /** The agent the message waits for (set in session snapshots, which list every agent's queue). */
    agent_id: z.string().optional(),
  }),
);
export type QueuedMessage = z.infer<typeof QueuedMessageSchema>;

/** What changed in a queue: a message joined, was taken back, reached the agent, or the queue was emptied. */
export const QueueChangeSchema = lazySchema(() => z.enum(["added", "removed", "delivered", "cleared"]));
export type QueueChange = z.infer<typeof QueueChangeSchema>;

/**
 * An agent's message queue changed (seed 002 `QueueUpdated`). It carries the change, not the queue: `items`
 * holds the messages the change concerns (the one added, or those removed, delivered or cleared, as
 * previews) and `length` how many still wait, so its size does not grow with the queue.
 */
export const QueueUpdatedEventSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("QueueUpdated"),
    project_root: z.string(),
    session_id: z.string(),
    agent_id: z.string(),
    change: QueueChangeSchema,
    items: z.array(QueuedMessageSchema),
    /** Messages still waiting after the change. */
    length: z.int().nonnegative(),
  }),
);
export type QueueUpdatedEvent = z.infer<typeof QueueUpdatedEventSchema>;

/** The preview of a queued message's text (a whole surrogate pair is never split). */
export function queuePreview(text: string): Pick<QueuedMessage, "preview" | "text_length" | "truncated"> {
  if (text.length <= QUEUE_PREVIEW_CHARS)
    return { preview: text, text_length: text.length, truncated: false };
  let end = QUEUE_PREVIEW_CHARS;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return { preview: text.slice(0, end), text_length: text.length, truncated: true };
}
