import { realpathSync } from "node:fs";
import type { EnvironmentVariables, ParleySecrets } from "@parley/engine";
import {
  expansionEnvironment,
  type McpConfigEntry,
  McpProjectState,
  projectDirectory,
  readMcpConfigFiles,
} from "@parley/server/mcp";

/** The configured servers `parley run` starts, and the environment each one's `${VAR}` may read. */
export interface ConfiguredMcpServers {
  servers: Record<string, unknown>;
  environmentOf: (name: string) => EnvironmentVariables;
}

/**
 * The MCP servers `parley run` starts besides `--mcp-config`'s (unless `--strict-mcp-config`): the user's
 * `$PARLEY_HOME/mcp.json`, and the servers of the project's `.mcp.json` that the user approved for this
 * project in Parley's UI, by the same rule as the server's: a project entry that is not approved as it is
 * now, or is named like one of the user's servers, is reported, never started; a rejected one is skipped
 * quietly; and a project entry's `${VAR}` never reads Parley's secrets.
 */
export function configuredMcpServers(
  home: string,
  cwd: string,
  env: EnvironmentVariables,
  secrets: ParleySecrets,
  warn: (message: string) => void,
): ConfiguredMcpServers {
  const projectRoot = realpathSync(cwd);
  const { entries, problems } = readMcpConfigFiles(home, projectRoot);
  for (const problem of problems) warn(`parley: ${problem.file}: ${problem.error}`);
  const servers: Record<string, unknown> = {};
  const environments = new Map<string, EnvironmentVariables>();
  const configured = { servers, environmentOf: (name: string) => environments.get(name) ?? env };
  if (entries.length === 0) return configured;
  const state = new McpProjectState(projectDirectory(home, projectRoot));
  for (const entry of entries) {
    if (!state.mayStart(entry)) {
      const why = notStartedBecause(entry, state);
      if (why !== undefined)
        warn(`parley: the MCP server ${entry.name} of ${entry.file} is not started: ${why}`);
      continue;
    }
    servers[entry.name] = entry.raw;
    environments.set(entry.name, expansionEnvironment(entry.source, env, secrets));
  }
  return configured;
}

function notStartedBecause(entry: McpConfigEntry, state: McpProjectState): string | undefined {
  if (entry.source !== "project" || state.isDisabled(entry.name)) return undefined;
  if (entry.shadowed) return "your own server of that name is used";
  const decision = state.decision(entry.name, entry.raw);
  if (decision === "rejected") return undefined;
  return state.wasApproved(entry.name)
    ? "it changed since you approved it; approve it again in Parley's settings"
    : "approve it in Parley's settings first";
}
