import { z } from "zod";
import { JsonObjectSchema } from "../shared/json-value.ts";
import { lazySchema } from "../shared/lazy-schema.ts";
import { EventRoutingSchema } from "./event-routing.ts";

/** An agent created or updated its plan (seed 002 `PlanUpdate`); the plan is opaque JSON at this layer. */
export const PlanUpdateEventSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("PlanUpdate"),
    agent_id: z.string(),
    plan: JsonObjectSchema,
    /** The chat message that shows the plan, when there is one. */
    message_id: z.string().optional(),
    run_id: z.string().optional(),
    ...EventRoutingSchema.shape,
  }),
);
export type PlanUpdateEvent = z.infer<typeof PlanUpdateEventSchema>;
