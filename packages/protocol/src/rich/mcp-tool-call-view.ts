import type { Approval } from "../http/approvals.ts";
import type { MCPToolRequestData } from "./mcp-tool-request.ts";
import type { MCPToolResultData } from "./mcp-tool-result.ts";
import type { ToolRequestData } from "./tool-request.ts";
import { toolRequestAfterApproval } from "./tool-request-after-approval.ts";
import type { ToolResultData } from "./tool-result.ts";

/**
 * An MCPToolRequest's data seen as a ToolRequest's: the model's tool name, `arguments` as `parameters`.
 * Approvals, activity and the approval actions work on this view, so an MCP call is approved, edited and
 * listed exactly like a built-in one; the MCP fields (server, title, annotations…) travel along.
 */
export function toolRequestViewOfMcp(data: MCPToolRequestData): ToolRequestData {
  const { arguments: args, original_arguments, model_tool_name, ...rest } = data;
  return {
    ...rest,
    tool_name: model_tool_name ?? `mcp__${data.server_name}__${data.tool_name}`,
    mcp_tool_name: data.tool_name,
    parameters: args,
    requires_approval: data.requires_approval ?? true,
    ...(original_arguments !== undefined && { original_parameters: original_arguments }),
  };
}

/** An MCPToolRequest card's data once its approval changed state (see `toolRequestAfterApproval`). */
export function mcpToolRequestAfterApproval(
  data: MCPToolRequestData,
  approval: Approval,
): MCPToolRequestData {
  const view = toolRequestAfterApproval(toolRequestViewOfMcp(data), approval);
  const { parameters, original_parameters, tool_name: _modelName, mcp_tool_name: _own, ...rest } = view;
  return {
    ...rest,
    server_name: data.server_name,
    tool_name: data.tool_name,
    arguments: parameters,
    ...(data.model_tool_name !== undefined && { model_tool_name: data.model_tool_name }),
    ...(original_parameters !== undefined && { original_arguments: original_parameters }),
  } as MCPToolRequestData;
}

/** An MCPToolResult's data seen as a ToolResult's, for the activity list and result views. */
export function toolResultViewOfMcp(data: MCPToolResultData): ToolResultData {
  const { result, error, model_tool_name, output, is_error, ...rest } = data;
  return {
    ...rest,
    tool_name: model_tool_name ?? `mcp__${data.server_name}__${data.tool_name}`,
    output: output ?? (typeof result === "string" ? result : JSON.stringify(result)),
    is_error: is_error ?? data.status !== "Success",
    ...(error !== undefined && error !== null && { error }),
  };
}
