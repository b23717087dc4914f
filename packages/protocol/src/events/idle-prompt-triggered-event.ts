import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { EventRoutingSchema } from "./event-routing.ts";

/** The idle scheduler woke an agent up with its idle prompt (seed 002 `IdlePromptTriggered`). */
export const IdlePromptTriggeredEventSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("IdlePromptTriggered"),
    agent_id: z.string(),
    ...EventRoutingSchema.shape,
    project_root: z.string(),
    /** The run the idle prompt started, when it started one at once. */
    run_id: z.string().optional(),
  }),
);
export type IdlePromptTriggeredEvent = z.infer<typeof IdlePromptTriggeredEventSchema>;
