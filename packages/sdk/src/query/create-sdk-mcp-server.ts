import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { ZodRawShape, z } from "zod";

/** One tool of an in-process MCP server: its name, description, zod input shape and handler. */
export interface SdkMcpToolDefinition<Shape extends ZodRawShape = ZodRawShape> {
  name: string;
  description: string;
  inputSchema: Shape;
  handler: (args: z.infer<z.ZodObject<Shape>>, extra: unknown) => Promise<CallToolResult>;
  annotations?: ToolAnnotations;
}

/** A tool for `createSdkMcpServer`, as the official SDK's `tool()` makes one. */
export function tool<Shape extends ZodRawShape>(
  name: string,
  description: string,
  inputSchema: Shape,
  handler: SdkMcpToolDefinition<Shape>["handler"],
  extras: { annotations?: ToolAnnotations } = {},
): SdkMcpToolDefinition<Shape> {
  return {
    name,
    description,
    inputSchema,
    handler,
    ...(extras.annotations && { annotations: extras.annotations }),
  };
}

/** What goes into `options.mcpServers`: an MCP server that runs in this process, reached over the CLI's stdio. */
export interface McpSdkServerConfigWithInstance {
  type: "sdk";
  name: string;
  instance: McpServer;
}

/**
 * An MCP server living in the host program, as the official SDK's `createSdkMcpServer`: put it in
 * `options.mcpServers` and the CLI offers its tools as `mcp__<name>__<tool>`, calling them through
 * `mcp_message` control requests.
 */
export function createSdkMcpServer(options: {
  name: string;
  version?: string;
  // biome-ignore lint/suspicious/noExplicitAny: tools of different input shapes share one list, as in the official SDK.
  tools?: SdkMcpToolDefinition<any>[];
}): McpSdkServerConfigWithInstance {
  const server = new McpServer(
    { name: options.name, version: options.version ?? "1.0.0" },
    { capabilities: { tools: {} } },
  );
  for (const definition of options.tools ?? []) {
    server.registerTool(
      definition.name,
      {
        description: definition.description,
        inputSchema: definition.inputSchema,
        ...(definition.annotations && { annotations: definition.annotations }),
      },
      definition.handler as never,
    );
  }
  return { type: "sdk", name: options.name, instance: server };
}
