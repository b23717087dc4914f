/**
 * `@parley/server/mcp`: where MCP servers are configured and what the user decided about them, for
 * `parley run` (light: file reading, and a team's decisions read from its PostgreSQL database; none of the
 * server).
 */

export { sharedMcpStateAt } from "../store/postgres/shared-mcp-state.ts";
export { projectDirectory } from "../store/project-directory.ts";
export {
  expansionEnvironment,
  type McpConfigEntry,
  readMcpConfigFiles,
  userMcpFile,
} from "./mcp-config-files.ts";
export { McpProjectState } from "./mcp-project-state.ts";
