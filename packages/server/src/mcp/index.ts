/**
 * `@parley/server/mcp`: where MCP servers are configured and what the user decided about them, for
 * `parley run` (light: file reading only, none of the server).
 */

export { projectDirectory } from "../store/project-directory.ts";
export {
  expansionEnvironment,
  type McpConfigEntry,
  readMcpConfigFiles,
  userMcpFile,
} from "./mcp-config-files.ts";
export { McpProjectState } from "./mcp-project-state.ts";
