import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { AgentInfoSchema, agentInfoToFrontend } from "./agent-info.ts";
import type { AgentSummary } from "./agent-summary.ts";

/** The outcome of listing an agent CLI's available agents (seed 003 `AgentListResult`). */
export const AgentListResultSchema = lazySchema(() =>
  z.looseObject({
    success: z.boolean(),
    agents: z.array(AgentInfoSchema),
    error_message: z.string().nullable().optional(),
  }),
);
export type AgentListResult = z.infer<typeof AgentListResultSchema>;

/** The frontend's agent list, in the order the CLI listed them; the caller reports failures first. */
export function agentListResultToFrontend(result: AgentListResult): AgentSummary[] {
  return result.agents.map(agentInfoToFrontend);
}
