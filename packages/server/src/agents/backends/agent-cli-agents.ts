import { type AgentCliName, type AgentSummary, agentListResultToFrontend } from "@parley/protocol";
import { ApiError } from "../../http/api-error.ts";
import type { ServerContext } from "../../server-context.ts";
import { openAgentCli } from "./agent-cli-backends.ts";

/**
 * An agent CLI's named agents for this project (its built-in ones, the project's and the person's), in seed
 * 003's agent format: what a session answered by that CLI can pick as `backend_agent`. A CLI that cannot list
 * them answers 503 with its own words.
 */
export async function agentCliAgents(context: ServerContext, name: AgentCliName): Promise<AgentSummary[]> {
  const cli = await openAgentCli(name, context);
  const listed = await cli.listAgents(context.projectRoot);
  if (!listed.success)
    throw new ApiError("unavailable", listed.error_message ?? `${cli.label} could not list its agents`);
  return agentListResultToFrontend(listed);
}
