import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { EventRoutingSchema } from "./event-routing.ts";
import { RunOutcomeSchema } from "./run-outcome.ts";

/** An agent run ended (seed 002 `Outcome`); the terminal event of every run. */
export const OutcomeEventSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("Outcome"),
    agent_id: z.string(),
    run_id: z.string(),
    outcome: RunOutcomeSchema,
    summary: z.string().optional(),
    error: z.string().optional(),
    duration_ms: z.number().nonnegative().optional(),
    ...EventRoutingSchema.shape,
  }),
);
export type OutcomeEvent = z.infer<typeof OutcomeEventSchema>;
