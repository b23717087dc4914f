export type { HeaderMcpServer } from "./header-mcp-server.ts";
export { FIXTURE_MCP_SERVER, startHeaderMcpServer } from "./header-mcp-server.ts";
export type { SseMcpServer } from "./sse-mcp-server.ts";
export { SILENT_WAV_BASE64, startSseMcpServer } from "./sse-mcp-server.ts";
