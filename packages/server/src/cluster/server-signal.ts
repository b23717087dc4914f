import { lazySchema } from "@parley/protocol";
import { z } from "zod";

/**
 * What one server asks of another that owns a run (servers sharing a PostgreSQL database): stop the run
 * tree, take an answer its run waits for, look at an agent's queue after a message was queued for it, or
 * stop driving a workflow execution another server paused or cancelled.
 */
export const ServerSignalSchema = lazySchema(() =>
  z.discriminatedUnion("kind", [
    z.looseObject({ kind: z.literal("cancel"), run_id: z.string(), clear_queue: z.boolean() }),
    z.looseObject({ kind: z.literal("approval_answered"), approval_id: z.string() }),
    z.looseObject({ kind: z.literal("question_answered"), question_id: z.string() }),
    z.looseObject({ kind: z.literal("queued"), session_id: z.string(), agent_id: z.string() }),
    z.looseObject({ kind: z.literal("workflow_stopped"), execution_id: z.string() }),
  ]),
);
export type ServerSignal = z.infer<typeof ServerSignalSchema>;
