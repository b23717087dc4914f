/**
 * `@parley/sdk/query`: the host end of the Claude Agent SDK's stream-json protocol, for Node. It drives
 * `parley run` or any CLI that speaks the protocol (the real `claude` included). Not part of the package
 * root, which stays browser-safe.
 */

export { cliArguments } from "./cli-arguments.ts";
export type { McpSdkServerConfigWithInstance, SdkMcpToolDefinition } from "./create-sdk-mcp-server.ts";
export { createSdkMcpServer, tool } from "./create-sdk-mcp-server.ts";
export type { Query, QueryInput } from "./query.ts";
export { query } from "./query.ts";
