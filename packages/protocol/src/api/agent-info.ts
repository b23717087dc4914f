import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import type { AgentSummary } from "./agent-summary.ts";

/** One agent an agent CLI offers (seed 003 `AgentInfo`), e.g. OpenCode's `build` or `plan`. */
export const AgentInfoSchema = lazySchema(() =>
  z.looseObject({
    name: z.string(),
    agent_type: z.string(),
    details: z.array(z.string()),
  }),
);
export type AgentInfo = z.infer<typeof AgentInfoSchema>;

/** Seed 003's `AgentInfo.to_frontend_format`: `agent_type` becomes `type`. */
export function agentInfoToFrontend(agent: AgentInfo): AgentSummary {
  return { name: agent.name, type: agent.agent_type, details: agent.details };
}
