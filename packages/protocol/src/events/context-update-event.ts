import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { EventRoutingSchema } from "./event-routing.ts";

/**
 * A context-bearing chat message changed in place (seed 001's `ContextUpdate`): a WorkflowExecution whose
 * status or steps moved on. `rich` is the message's whole new rich value under the same `message_id`, so
 * a client replaces its copy rather than adding a message.
 */
export const ContextUpdateEventSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("ContextUpdate"),
    agent_id: z.string(),
    message_id: z.string(),
    /** Typed loosely, like a stored message's: a client that does not know the kind still replaces it. */
    rich: z.looseObject({ kind: z.string().min(1), data: z.unknown() }),
    run_id: z.string().optional(),
    ...EventRoutingSchema.shape,
  }),
);
export type ContextUpdateEvent = z.infer<typeof ContextUpdateEventSchema>;
