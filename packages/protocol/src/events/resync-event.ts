import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { EventRoutingSchema } from "./event-routing.ts";

/** The client missed events (broadcast lag or a cursor past retention) and must refetch (seed 002 `Resync`). */
export const ResyncEventSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("Resync"),
    reason: z.string(),
    /** How many events were skipped; 0 when unknown. */
    lagged_count: z.int().nonnegative(),
    ...EventRoutingSchema.shape,
  }),
);
export type ResyncEvent = z.infer<typeof ResyncEventSchema>;
