import { z } from "zod";
import { EventRoutingSchema } from "./event-routing.ts";

/** A child agent was created (seed 002 `SubagentSpawned`); `run_id` is the child's own run. */
export const SubagentSpawnedEventSchema = z.looseObject({
  type: z.literal("SubagentSpawned"),
  parent_id: z.string(),
  subagent_id: z.string(),
  task: z.string(),
  run_id: z.string().optional(),
  ...EventRoutingSchema.shape,
});
export type SubagentSpawnedEvent = z.infer<typeof SubagentSpawnedEventSchema>;
