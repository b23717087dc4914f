import { realpathSync } from "node:fs";
import type { EnvironmentVariables, ParleySecrets } from "@parley/engine";
import {
  expansionEnvironment,
  type McpConfigEntry,
  McpProjectState,
  projectDirectory,
  readMcpConfigFiles,
  sharedMcpStateAt,
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
 * quietly; and a project entry's `${VAR}` never reads Parley's secrets. With `PARLEY_DATABASE_URL` the
 * decisions are the team's, read from that database as its servers keep them.
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
  const state = projectState(home, projectRoot, env, warn);
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

/** The person's decisions from the data directory, or the team's from its database (none if unreadable). */
function projectState(
  home: string,
  projectRoot: string,
  env: EnvironmentVariables,
  warn: (message: string) => void,
): McpProjectState {
  const directory = projectDirectory(home, projectRoot);
  const url = env.PARLEY_DATABASE_URL;
  if (!url) return new McpProjectState(directory);
  try {
    return new McpProjectState(directory, sharedMcpStateAt(url, projectRoot));
  } catch (error) {
    warn(`parley: the team's MCP decisions are not known (${(error as Error).message})`);
    return new McpProjectState(directory, { read: () => undefined, write: () => {} });
  }
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
