import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { IsoTimestampSchema } from "../shared/timestamps.ts";

/** Whether an agent is busy with a request, as the frontend polls it (seed 003). */
export const AgentStatusSchema = lazySchema(() =>
  z.looseObject({
    processing: z.boolean(),
    startedAt: IsoTimestampSchema.nullable().optional(),
  }),
);
export type AgentStatus = z.infer<typeof AgentStatusSchema>;
