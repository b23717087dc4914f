import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/** One available agent in the frontend's agent list (seed 003's "frontend agent format"). */
export const AgentSummarySchema = lazySchema(() =>
  z.looseObject({
    name: z.string(),
    type: z.string(),
    details: z.array(z.string()),
  }),
);
export type AgentSummary = z.infer<typeof AgentSummarySchema>;

/** The frontend's agent list: what the agent-list routes answer. */
export const AgentSummaryArraySchema = lazySchema(() => z.array(AgentSummarySchema));
