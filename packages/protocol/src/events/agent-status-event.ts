import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { EventRoutingSchema } from "./event-routing.ts";

/** The agent status lifecycle: `model_loading` → `thinking` → `calling_tool` → `working` → `idle`. */
export const AgentStatusKindSchema = lazySchema(() =>
  z.enum(["model_loading", "thinking", "calling_tool", "working", "idle"]),
);
export type AgentStatusKind = z.infer<typeof AgentStatusKindSchema>;

/** Whether an activity has started (`doing`) or finished (`done`); it becomes the `activity` frame's phase. */
export const ActivityLifecycleSchema = lazySchema(() => z.enum(["doing", "done"]));
export type ActivityLifecycle = z.infer<typeof ActivityLifecycleSchema>;

/** An agent status change (seed 002 `AgentStatus`), including the tool call it is about, if any. */
export const AgentStatusEventSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("AgentStatus"),
    agent_id: z.string(),
    status: AgentStatusKindSchema,
    /** Human-readable headline such as "Reading file.ts". */
    detail: z.string().optional(),
    lifecycle: ActivityLifecycleSchema,
    tool_name: z.string().optional(),
    tool_use_id: z.string().optional(),
    /** When the activity started, in epoch milliseconds. */
    started_at_ms: z.int().nonnegative().optional(),
    /** How long the finished activity took, in milliseconds (set with `lifecycle: "done"`). */
    duration_ms: z.number().nonnegative().optional(),
    /** Set on a finished tool call that failed (an error result, a denial, an interrupted call). */
    failed: z.boolean().optional(),
    run_id: z.string().optional(),
    ...EventRoutingSchema.shape,
  }),
);
export type AgentStatusEvent = z.infer<typeof AgentStatusEventSchema>;
