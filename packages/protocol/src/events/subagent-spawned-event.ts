import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { EventRoutingSchema } from "./event-routing.ts";

/**
 * A child agent was created (seed 002 `SubagentSpawned`); `run_id` is the child's own run and
 * `subagent_id` the agent id its events carry. `tool_use_id` is the parent's `Task` call.
 */
export const SubagentSpawnedEventSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("SubagentSpawned"),
    parent_id: z.string(),
    subagent_id: z.string(),
    task: z.string(),
    parent_run_id: z.string().optional(),
    tool_use_id: z.string().optional(),
    subagent_type: z.string().optional(),
    /** The instructions the child was given. */
    prompt: z.string().optional(),
    run_id: z.string().optional(),
    ...EventRoutingSchema.shape,
  }),
);
export type SubagentSpawnedEvent = z.infer<typeof SubagentSpawnedEventSchema>;
