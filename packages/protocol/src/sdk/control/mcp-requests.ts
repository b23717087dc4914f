import { z } from "zod";
import { lazySchema } from "../../shared/lazy-schema.ts";
import { McpServerConfigForProcessTransportSchema } from "../mcp-server-config.ts";

const requestId = lazySchema(() => z.union([z.string(), z.number()]));
const params = lazySchema(() =>
  z.looseObject({ _meta: z.record(z.string(), z.unknown()).optional() }).optional(),
);

/** A JSON-RPC 2.0 message of the Model Context Protocol: request, notification, result or error. */
export const JSONRPCMessageSchema = lazySchema(() =>
  z.union([
    z.looseObject({ jsonrpc: z.literal("2.0"), id: requestId, method: z.string(), params }),
    z.looseObject({ jsonrpc: z.literal("2.0"), method: z.string(), params }),
    z.looseObject({ jsonrpc: z.literal("2.0"), id: requestId, result: z.record(z.string(), z.unknown()) }),
    z.looseObject({
      jsonrpc: z.literal("2.0"),
      id: requestId.optional(),
      error: z.looseObject({ code: z.number(), message: z.string(), data: z.unknown().optional() }),
    }),
  ]),
);
export type JSONRPCMessage = z.infer<typeof JSONRPCMessageSchema>;

/** `mcp_message` (both ways): a JSON-RPC message for an SDK-hosted MCP server; answered with `{mcp_response}`. */
export const SDKControlMcpMessageRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("mcp_message"),
    server_name: z.string(),
    message: JSONRPCMessageSchema,
  }),
);
export type SDKControlMcpMessageRequest = z.infer<typeof SDKControlMcpMessageRequestSchema>;

/** `mcp_status`: report the state of every MCP server. */
export const SDKControlMcpStatusRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("mcp_status"),
    liveReply: z.boolean().optional(),
  }),
);
export type SDKControlMcpStatusRequest = z.infer<typeof SDKControlMcpStatusRequestSchema>;

const laneFile = () => ({ name: z.string(), lane_path: z.string() });

/** `mcp_call`: call an MCP tool directly, outside the model's turn. */
export const SDKControlMcpCallRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("mcp_call"),
    tool: z.string(),
    arguments: z.record(z.string(), z.unknown()).optional(),
    expires_at: z.string().optional(),
    timeout_ms: z.number().optional(),
    result_not_for_model: z.boolean().optional(),
    check_permissions: z.boolean().optional(),
    input_files: z.array(z.looseObject(laneFile())).optional(),
    output_files: z.array(z.looseObject({ ...laneFile(), if_match: z.string().optional() })).optional(),
  }),
);
export type SDKControlMcpCallRequest = z.infer<typeof SDKControlMcpCallRequestSchema>;

/** `mcp_set_servers`: replace the dynamically added MCP servers. */
export const SDKControlMcpSetServersRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("mcp_set_servers"),
    servers: z.record(z.string(), McpServerConfigForProcessTransportSchema),
  }),
);
export type SDKControlMcpSetServersRequest = z.infer<typeof SDKControlMcpSetServersRequestSchema>;

/** `mcp_reconnect`: reconnect one MCP server (note the camelCase `serverName`). */
export const SDKControlMcpReconnectRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("mcp_reconnect"),
    serverName: z.string(),
  }),
);
export type SDKControlMcpReconnectRequest = z.infer<typeof SDKControlMcpReconnectRequestSchema>;

/** `mcp_toggle`: enable or disable one MCP server. */
export const SDKControlMcpToggleRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("mcp_toggle"),
    serverName: z.string(),
    enabled: z.boolean(),
  }),
);
export type SDKControlMcpToggleRequest = z.infer<typeof SDKControlMcpToggleRequestSchema>;

/** `mcp_read_resource`: read a resource from an MCP server. */
export const SDKControlMcpReadResourceRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("mcp_read_resource"),
    serverName: z.string(),
    uri: z.string(),
  }),
);
export type SDKControlMcpReadResourceRequest = z.infer<typeof SDKControlMcpReadResourceRequestSchema>;
