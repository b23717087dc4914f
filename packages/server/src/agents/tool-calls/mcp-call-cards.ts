import type { McpCallFailure, McpCallResult, McpEngineTool, McpResourceRead } from "@parley/engine";
import type {
  ErrorDetail,
  JsonValue,
  MCPResourceMessage,
  MCPToolRequestData,
  MCPToolResultData,
  ToolRequestData,
  ToolResultData,
} from "@parley/protocol";

/** Base64 content longer than this is replaced by its size in a stored result (the model got it whole). */
const STORED_BINARY_CHARS = 64 * 1024;

/**
 * An MCP call's card: the ToolRequest fields the log computed, in seed 001's MCPToolRequest shape, with the
 * server's name and icon and the tool's own name, title, description and annotations.
 */
export function mcpToolRequestData(data: ToolRequestData, tool: McpEngineTool): MCPToolRequestData {
  const {
    tool_name,
    parameters,
    original_parameters,
    description: _headlineText,
    protected_path,
    blocked_path,
    ...card
  } = data;
  const { server, tool: description, serverIcon } = tool.mcp;
  const title = description.title ?? description.annotations?.title;
  return {
    ...card,
    server_name: server,
    tool_name: description.name,
    model_tool_name: tool_name,
    arguments: parameters,
    ...(original_parameters !== undefined && { original_arguments: original_parameters }),
    ...(title !== undefined && { title }),
    ...(description.description !== undefined && { description: description.description }),
    ...(description.annotations !== undefined && { annotations: description.annotations }),
    ...(serverIcon !== undefined && { server_icon: serverIcon }),
  };
}

/**
 * An MCP call's result card: seed 001's MCPToolResult, with the text the person reads and the server's result.
 * A call that failed on the JSON-RPC level (timeout, closed transport) keeps its error code in `error` and in
 * `result.error`; a result the server marked `isError` is a `tool_error` with `result.isError` kept.
 */
export function mcpToolResultData(
  data: ToolResultData,
  tool: McpEngineTool,
  toolUseResult: unknown,
): MCPToolResultData {
  const { tool_name, output, error, duration_ms, ...card } = data;
  const failure = (toolUseResult as McpCallResult | undefined)?.error;
  return {
    ...card,
    server_name: tool.mcp.server,
    tool_name: tool.mcp.tool.name,
    model_tool_name: tool_name,
    result: storedResult(toolUseResult, output),
    duration_ms: duration_ms ?? 0,
    error: failure === undefined ? (error ?? null) : mcpErrorDetail(failure),
    output: typeof output === "string" ? output : JSON.stringify(output),
  };
}

/** A JSON-RPC failure as the card's ErrorDetail: its kind as `code`, the number in `details`. */
function mcpErrorDetail(failure: McpCallFailure): ErrorDetail {
  return {
    code: failure.kind,
    message: failure.message,
    details: jsonOf({
      jsonrpc_code: failure.code,
      ...(failure.data !== undefined && { data: failure.data }),
    }),
    // A timeout or a lost connection (the server is restarted) may pass; the server's own error may not.
    retryable: failure.kind !== "mcp_error",
  };
}

/** The MCPResource messages of a `ReadMcpResource` call's result: one per item the server returned. */
export function mcpResourceMessages(toolUseResult: unknown): MCPResourceMessage[] {
  const read = toolUseResult as McpResourceRead | undefined;
  if (read === undefined || !Array.isArray(read.contents)) return [];
  return read.contents.map((item) => ({
    kind: "MCPResource",
    data: {
      server_name: read.server,
      uri: item.uri ?? read.uri,
      ...(item.mimeType !== undefined && { mime_type: item.mimeType }),
      ...(item.text !== undefined && { text: item.text.slice(0, 200_000) }),
      ...(item.blob !== undefined && item.blob.length <= STORED_BINARY_CHARS && { blob: item.blob }),
    },
  }));
}

/** The server's `tools/call` result as stored: large images, audio and blobs replaced by their size. */
function storedResult(toolUseResult: unknown, output: JsonValue): JsonValue {
  const result = toolUseResult as McpCallResult | undefined;
  if (result === undefined || typeof result !== "object" || result === null) return output;
  const content = (result.content ?? []).map((item) => {
    const copy: Record<string, unknown> = { ...item };
    if (typeof item.data === "string" && item.data.length > STORED_BINARY_CHARS) {
      copy.data = `[${item.data.length} base64 characters not stored]`;
    }
    if (item.resource?.blob !== undefined && item.resource.blob.length > STORED_BINARY_CHARS) {
      copy.resource = {
        ...item.resource,
        blob: `[${item.resource.blob.length} base64 characters not stored]`,
      };
    }
    return copy;
  });
  return jsonOf({
    content,
    ...(result.isError !== undefined && { isError: result.isError }),
    ...(result.structuredContent !== undefined && { structuredContent: result.structuredContent }),
    ...(result.error !== undefined && { error: result.error }),
  });
}

/** A value as plain JSON (what a card may carry): undefined fields dropped. */
function jsonOf(value: unknown): JsonValue {
  return JSON.parse(JSON.stringify(value)) as JsonValue;
}
