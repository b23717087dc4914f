import { realpathSync } from "node:fs";
import { McpProjectState, projectDirectory, readMcpConfigFiles } from "@parley/server/mcp";

/**
 * The MCP servers `parley run` starts besides `--mcp-config`'s (unless `--strict-mcp-config`): the user's
 * `$PARLEY_HOME/mcp.json`, and the servers of the project's `.mcp.json` that the user approved for this
 * project in Parley's UI. A project server nobody approved is reported, never started: a cloned repository
 * does not get to run programs through `parley run` either.
 */
export function configuredMcpServers(
  home: string,
  cwd: string,
  warn: (message: string) => void,
): Record<string, unknown> {
  const projectRoot = realpathSync(cwd);
  const { entries, problems } = readMcpConfigFiles(home, projectRoot);
  for (const problem of problems) warn(`parley: ${problem.file}: ${problem.error}`);
  const servers: Record<string, unknown> = {};
  if (entries.length === 0) return servers;
  const state = new McpProjectState(projectDirectory(home, projectRoot));
  for (const entry of entries) {
    if (state.isDisabled(entry.name)) continue;
    if (entry.source === "project") {
      if (!state.isApproved(entry.name, entry.raw)) {
        warn(
          `parley: the MCP server ${entry.name} of ${entry.file} is not started: approve it in Parley's settings first`,
        );
        continue;
      }
    }
    servers[entry.name] = entry.raw;
  }
  return servers;
}
