import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { EventRoutingSchema } from "./event-routing.ts";

/** The preferred model failed or was rate-limited, so the agent switched (seed 002 `ModelFallback`). */
export const ModelFallbackEventSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("ModelFallback"),
    agent_id: z.string(),
    preferred: z.string(),
    actual: z.string(),
    reason: z.string(),
    run_id: z.string().optional(),
    ...EventRoutingSchema.shape,
  }),
);
export type ModelFallbackEvent = z.infer<typeof ModelFallbackEventSchema>;
