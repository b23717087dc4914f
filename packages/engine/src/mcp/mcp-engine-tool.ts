import type { ToolResultBlockParam } from "@parley/protocol";
import type { EngineTool, ToolOutput } from "../tools/engine-tool.ts";
import { jsonSchemaInput } from "../tools/json-schema-input.ts";
import { type McpCallFailure, mcpCallFailure } from "./mcp-call-failure.ts";

/** An MCP tool as `tools/list` describes it. */
export interface McpToolDescription {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
  annotations?: {
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
    title?: string;
  };
}

/** One content item of a `tools/call` result (text, image, audio, resource, resource_link). */
export interface McpContentItem {
  type: string;
  text?: string;
  data?: string;
  mimeType?: string;
  uri?: string;
  name?: string;
  resource?: { uri: string; mimeType?: string; text?: string; blob?: string };
  [key: string]: unknown;
}

/** A `tools/call` result, as MCP servers return it; `error` is Parley's, set when the call itself failed. */
export interface McpCallResult {
  content?: McpContentItem[];
  isError?: boolean;
  structuredContent?: unknown;
  error?: McpCallFailure;
}

/** A `notifications/progress` a server sent for a call. */
export interface McpProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** What a tool call gets from the MCP layer besides its input. */
export interface McpCallContext {
  toolUseId: string;
  signal: AbortSignal;
  onProgress: (progress: McpProgress) => void;
}

/** Where an MCP tool comes from, for hosts that show MCP calls as their own cards. */
export interface McpToolOrigin {
  server: string;
  tool: McpToolDescription;
  /** The server's icon as a `data:` image, when it declares one (remote icons are never fetched). */
  serverIcon?: string;
}

/** An engine tool that an MCP server provides, with its origin. */
export type McpEngineTool = EngineTool & { mcp: McpToolOrigin };

/** The name the model sees: `mcp__<server>__<tool>`, with what providers do not accept replaced by `_`. */
export function mcpToolName(server: string, tool: string): string {
  const clean = (name: string) => name.replace(/[^A-Za-z0-9_-]/g, "_");
  return `mcp__${clean(server)}__${clean(tool)}`;
}

/** Whether a tool came from an MCP server. */
export function isMcpEngineTool(tool: EngineTool | undefined): tool is McpEngineTool {
  return tool !== undefined && "mcp" in tool && typeof (tool as McpEngineTool).mcp === "object";
}

/**
 * An MCP server's tool as an engine tool: offered with the server's own JSON Schema, validated with it where
 * zod can read it, asking for approval like every MCP call (a read-only annotation is passed on, for users
 * who chose to trust reads), and returning the server's result: every content type reaches the model (images
 * as images, audio and binary resources named), `isError` results as errors, and the turn goes on.
 */
export function mcpEngineTool(
  server: string,
  tool: McpToolDescription,
  call: (args: Record<string, unknown>, context: McpCallContext) => Promise<McpCallResult>,
  serverIcon?: string,
): McpEngineTool {
  const jsonSchema = tool.inputSchema ?? { type: "object", properties: {} };
  const readOnly = tool.annotations?.readOnlyHint === true;
  return {
    name: mcpToolName(server, tool.name),
    description: tool.description ?? `${tool.name} from the ${server} MCP server`,
    jsonSchema,
    inputSchema: jsonSchemaInput(jsonSchema),
    requiresApproval: true,
    access: () => ({ kind: "other", ...(readOnly && { readOnly: true }) }),
    mcp: { server, tool, ...(serverIcon !== undefined && { serverIcon }) },
    execute: async (input, context): Promise<ToolOutput> => {
      let result: McpCallResult;
      try {
        result = await call(input as Record<string, unknown>, {
          toolUseId: context.toolUseId,
          signal: context.signal,
          onProgress: (progress) =>
            context.onProgress(
              `${progress.message ?? "progress"} (${progress.progress}${progress.total !== undefined ? `/${progress.total}` : ""})`,
            ),
        });
      } catch (error) {
        // A JSON-RPC failure (timeout, closed transport) is kept with its code, so hosts store more than text.
        const failure = context.signal.aborted ? undefined : mcpCallFailure(error);
        if (failure === undefined) throw error;
        return { content: `Error: ${failure.message}`, isError: true, data: { error: failure } };
      }
      return { content: mcpResultForModel(result), isError: result.isError === true, data: result };
    },
  };
}

type ModelContent = Exclude<NonNullable<ToolResultBlockParam["content"]>, string>;

/** Images a model accepts inline; other media are named instead. */
const MODEL_IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/**
 * A `tools/call` result as tool-result content for the model: text as text, images inline, audio and binary
 * resources described, embedded text resources as text, resource links as a line naming them, and the
 * structured content as JSON when the server sent no text.
 */
export function mcpResultForModel(result: McpCallResult): ModelContent | string {
  const blocks: ModelContent = [];
  for (const item of result.content ?? []) {
    const described = describeContent(item);
    if (typeof described === "string") blocks.push({ type: "text", text: described });
    else blocks.push(described);
  }
  if (!blocks.some((block) => block.type === "text") && result.structuredContent !== undefined) {
    blocks.push({ type: "text", text: JSON.stringify(result.structuredContent) });
  }
  if (blocks.every((block) => block.type === "text")) {
    return blocks.map((block) => (block as { text: string }).text).join("\n");
  }
  return blocks;
}

function describeContent(item: McpContentItem): string | ModelContent[number] {
  switch (item.type) {
    case "text":
      return item.text ?? "";
    case "image":
      if (item.data !== undefined && item.mimeType !== undefined && MODEL_IMAGE_TYPES.has(item.mimeType)) {
        return {
          type: "image",
          source: { type: "base64", media_type: item.mimeType as "image/png", data: item.data },
        };
      }
      return `[image (${item.mimeType ?? "unknown type"}) that the model cannot be shown]`;
    case "audio":
      return `[audio (${item.mimeType ?? "unknown type"}), ${base64Bytes(item.data)} bytes]`;
    case "resource": {
      const resource = item.resource;
      if (resource?.text !== undefined) return `Resource ${resource.uri}:\n${resource.text}`;
      return `[resource ${resource?.uri ?? "?"} (${resource?.mimeType ?? "binary"}), ${base64Bytes(resource?.blob)} bytes]`;
    }
    case "resource_link":
      return `Resource link: ${item.name ?? item.uri ?? "?"} <${item.uri ?? "?"}>${item.mimeType ? ` (${item.mimeType})` : ""}`;
    default:
      return `[${item.type} content]`;
  }
}

function base64Bytes(data: string | undefined): number {
  if (data === undefined) return 0;
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}
