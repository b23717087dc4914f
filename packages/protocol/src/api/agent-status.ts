import { z } from "zod";
import { IsoTimestampSchema } from "../shared/timestamps.ts";

/** Whether an agent is busy with a request, as the frontend polls it (seed 003). */
export const AgentStatusSchema = z.looseObject({
  processing: z.boolean(),
  startedAt: IsoTimestampSchema.nullable().optional(),
});
export type AgentStatus = z.infer<typeof AgentStatusSchema>;
