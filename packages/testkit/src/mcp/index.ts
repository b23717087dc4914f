export type { HeaderMcpServer } from "./header-mcp-server.ts";
export { FIXTURE_MCP_SERVER, startHeaderMcpServer } from "./header-mcp-server.ts";
