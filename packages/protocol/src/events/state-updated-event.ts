import { z } from "zod";
import { EventRoutingSchema } from "./event-routing.ts";

/** Server state changed in a way a client should refetch (seed 002 `StateUpdated`). */
export const StateUpdatedEventSchema = z.looseObject({
  type: z.literal("StateUpdated"),
  /** Why, for logs and debugging; clients refetch regardless. */
  reason: z.string().optional(),
  ...EventRoutingSchema.shape,
});
export type StateUpdatedEvent = z.infer<typeof StateUpdatedEventSchema>;
