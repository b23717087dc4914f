import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { EventRoutingSchema } from "./event-routing.ts";

/** Server state changed in a way a client should refetch (seed 002 `StateUpdated`). */
export const StateUpdatedEventSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("StateUpdated"),
    /** Why, for logs and debugging; clients refetch regardless. */
    reason: z.string().optional(),
    ...EventRoutingSchema.shape,
  }),
);
export type StateUpdatedEvent = z.infer<typeof StateUpdatedEventSchema>;
