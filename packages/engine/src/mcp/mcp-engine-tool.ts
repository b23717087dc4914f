import { z } from "zod";
import type { EngineTool, ToolOutput } from "../tools/engine-tool.ts";

/** An MCP tool as `tools/list` describes it. */
export interface McpToolDescription {
  name: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean; title?: string };
}

/** A `tools/call` result, as MCP servers return it. */
export interface McpCallResult {
  content?: { type: string; text?: string; [key: string]: unknown }[];
  isError?: boolean;
  structuredContent?: unknown;
}

/** The name the model sees: `mcp__<server>__<tool>`, with what providers do not accept replaced by `_`. */
export function mcpToolName(server: string, tool: string): string {
  const clean = (name: string) => name.replace(/[^A-Za-z0-9_-]/g, "_");
  return `mcp__${clean(server)}__${clean(tool)}`;
}

/**
 * An MCP server's tool as an engine tool: offered with the server's own JSON Schema, validated with it where
 * zod can read it, asking for approval like every MCP call, and returning the server's result (text content
 * for the model; `isError` results reach the model as errors and the turn goes on).
 */
export function mcpEngineTool(
  server: string,
  tool: McpToolDescription,
  call: (args: Record<string, unknown>, toolUseId: string, signal: AbortSignal) => Promise<McpCallResult>,
): EngineTool {
  const jsonSchema = tool.inputSchema ?? { type: "object", properties: {} };
  return {
    name: mcpToolName(server, tool.name),
    description: tool.description ?? `${tool.name} from the ${server} MCP server`,
    jsonSchema,
    inputSchema: inputValidator(jsonSchema),
    requiresApproval: true,
    access: () => ({ kind: "other" }),
    execute: async (input, context): Promise<ToolOutput> => {
      const result = await call(input as Record<string, unknown>, context.toolUseId, context.signal);
      const text = (result.content ?? [])
        .map((block) => (block.type === "text" ? (block.text ?? "") : `[${block.type} content]`))
        .join("\n");
      return {
        content: text !== "" ? text : JSON.stringify(result.structuredContent ?? {}),
        isError: result.isError === true,
        data: result,
      };
    },
  };
}

function inputValidator(schema: Record<string, unknown>): z.ZodType {
  try {
    return z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch {
    return z.record(z.string(), z.unknown());
  }
}
