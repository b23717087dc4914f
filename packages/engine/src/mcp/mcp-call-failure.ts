import type * as McpTypes from "@modelcontextprotocol/sdk/types.js";

/**
 * The SDK's error class and codes, loaded with the first connection (no MCP call can fail before one): the
 * module also builds every MCP schema, which a start that opens no server should not pay for.
 */
let sdkErrors: Pick<typeof McpTypes, "ErrorCode" | "McpError"> | undefined;

/** Loads what `mcpCallFailure` recognises; a connection awaits it before its first call. */
export async function loadMcpErrors(): Promise<void> {
  sdkErrors ??= await import("@modelcontextprotocol/sdk/types.js");
}

/**
 * Why an MCP call failed before the server answered, as stored with its result: the JSON-RPC error code
 * (`-32001` request timeout, `-32000` connection closed, or the server's own), its message and data.
 */
export interface McpCallFailure {
  /** `mcp_timeout`, `mcp_connection_closed`, or `mcp_error` for any other JSON-RPC error. */
  kind: "mcp_timeout" | "mcp_connection_closed" | "mcp_error";
  code: number;
  message: string;
  data?: unknown;
}

/** The failure of an MCP call that threw a JSON-RPC error; undefined for anything else (an abort, a bug). */
export function mcpCallFailure(error: unknown): McpCallFailure | undefined {
  if (sdkErrors === undefined || !(error instanceof sdkErrors.McpError)) return undefined;
  const { ErrorCode } = sdkErrors;
  const kind =
    error.code === ErrorCode.RequestTimeout
      ? "mcp_timeout"
      : error.code === ErrorCode.ConnectionClosed
        ? "mcp_connection_closed"
        : "mcp_error";
  return {
    kind,
    code: error.code,
    message: error.message,
    ...(error.data !== undefined && { data: error.data }),
  };
}
