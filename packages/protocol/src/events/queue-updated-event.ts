import { z } from "zod";

/** A user message waiting for a busy agent to pick it up at its next loop iteration. */
export const QueuedMessageSchema = z.looseObject({
  id: z.string(),
  text: z.string(),
  queued_at_ms: z.int().nonnegative(),
  client_message_id: z.string().optional(),
  /** The agent the message waits for (set in session snapshots, which list every agent's queue). */
  agent_id: z.string().optional(),
});
export type QueuedMessage = z.infer<typeof QueuedMessageSchema>;

/** An agent's message queue changed (seed 002 `QueueUpdated`); `items` is the whole queue, oldest first. */
export const QueueUpdatedEventSchema = z.looseObject({
  type: z.literal("QueueUpdated"),
  project_root: z.string(),
  session_id: z.string(),
  agent_id: z.string(),
  items: z.array(QueuedMessageSchema),
});
export type QueueUpdatedEvent = z.infer<typeof QueueUpdatedEventSchema>;
