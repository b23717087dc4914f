import {
  type JsonValue,
  MCPToolRequestDataSchema,
  MCPToolResultDataSchema,
  type PermissionRuleSpec,
  type ToolRequestData,
  ToolRequestDataSchema,
  type ToolResultData,
  ToolResultDataSchema,
  toolRequestViewOfMcp,
  toolResultViewOfMcp,
} from "@parley/protocol";
import { isPlainObject } from "./card-fields.ts";

/** A ToolRequest or MCPToolRequest card: both are tool calls a person may approve. */
export function isToolRequestKind(kind: string): boolean {
  return kind === "ToolRequest" || kind === "MCPToolRequest";
}

/** A ToolResult or MCPToolResult card. */
export function isToolResultKind(kind: string): boolean {
  return kind === "ToolResult" || kind === "MCPToolResult";
}

/** Whether a call's data is an MCP call's (it names its server). */
function isMcpData(data: unknown): boolean {
  return typeof data === "object" && data !== null && "server_name" in data;
}

/**
 * A ToolRequest card's data, or an MCPToolRequest's seen as one (the MCP fields travel along), or undefined
 * when it fits neither schema.
 */
export function readToolRequest(data: unknown): ToolRequestData | undefined {
  if (isMcpData(data)) {
    const mcp = MCPToolRequestDataSchema.safeParse(data);
    return mcp.success ? toolRequestViewOfMcp(mcp.data) : undefined;
  }
  const parsed = ToolRequestDataSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

/** A ToolResult card's data, or an MCPToolResult's seen as one, or undefined when it fits neither schema. */
export function readToolResult(data: unknown): ToolResultData | undefined {
  if (isMcpData(data)) {
    const mcp = MCPToolResultDataSchema.safeParse(data);
    return mcp.success ? toolResultViewOfMcp(mcp.data) : undefined;
  }
  const parsed = ToolResultDataSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

/** True when a person was (or is) asked to approve this call: it has an approval to answer. */
export function asksPerson(request: ToolRequestData): boolean {
  return request.approval_id !== undefined;
}

/** A tool result's output as text: strings as they are, anything else as indented JSON. */
export function toolOutputText(result: ToolResultData): string {
  const output = result.output;
  if (typeof output === "string") return output;
  if (output === null || output === undefined) return "";
  return JSON.stringify(output, null, 2);
}

/** A permission rule the way people write it: `Write(src/**)`, or the tool alone. */
export function describeRule(rule: Pick<PermissionRuleSpec, "tool" | "pattern">): string {
  return rule.pattern === undefined ? rule.tool : `${rule.tool}(${rule.pattern})`;
}

/** The tool input a person may edit: the call's parameters, as an object. */
export function editableInput(request: ToolRequestData): Record<string, JsonValue> {
  return isPlainObject(request.parameters) ? request.parameters : {};
}
