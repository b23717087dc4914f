import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { CacheControlEphemeralSchema, ToolCallerSchema } from "./content-block-common.ts";
import { BetaTextBlockSchema } from "./text-blocks.ts";

/** A call of a client tool (Bash, Write, an MCP tool, ...) that the CLI executes. */
export const BetaToolUseBlockSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("tool_use"),
    id: z.string(),
    name: z.string(),
    input: z.unknown(),
    caller: ToolCallerSchema.optional(),
    toolset_name: z.string().nullish(),
    cache_control: CacheControlEphemeralSchema.nullish(),
  }),
);
export type BetaToolUseBlock = z.infer<typeof BetaToolUseBlockSchema>;

/** Server tools a request may echo back in `server_tool_use` blocks. */
export const SERVER_TOOL_PARAM_NAMES = [
  "web_search",
  "web_fetch",
  "code_execution",
  "bash_code_execution",
  "text_editor_code_execution",
  "tool_search_tool_regex",
  "tool_search_tool_bm25",
] as const;

/** Server tools the API may call in a response (`advisor` is response-only). */
export const SERVER_TOOL_NAMES = ["advisor", ...SERVER_TOOL_PARAM_NAMES] as const;

/** A call of a tool that Anthropic's API runs itself (web search, code execution, ...). */
export const BetaServerToolUseBlockSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("server_tool_use"),
    id: z.string(),
    name: z.enum(SERVER_TOOL_NAMES),
    input: z.record(z.string(), z.unknown()),
    caller: ToolCallerSchema.optional(),
  }),
);
export type BetaServerToolUseBlock = z.infer<typeof BetaServerToolUseBlockSchema>;

/** A server tool call as sent back to the API in conversation history. */
export const ServerToolUseBlockParamSchema = lazySchema(() =>
  BetaServerToolUseBlockSchema.extend({
    name: z.enum(SERVER_TOOL_PARAM_NAMES),
    input: z.unknown(),
    cache_control: CacheControlEphemeralSchema.nullish(),
  }),
);
export type ServerToolUseBlockParam = z.infer<typeof ServerToolUseBlockParamSchema>;

/** A call of a tool on a remote MCP server reached through the API's MCP connector. */
export const BetaMCPToolUseBlockSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("mcp_tool_use"),
    id: z.string(),
    name: z.string(),
    server_name: z.string(),
    input: z.unknown(),
  }),
);
export type BetaMCPToolUseBlock = z.infer<typeof BetaMCPToolUseBlockSchema>;

/** The result of an MCP connector tool call. */
export const BetaMCPToolResultBlockSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("mcp_tool_result"),
    tool_use_id: z.string(),
    is_error: z.boolean(),
    content: z.union([z.string(), z.array(BetaTextBlockSchema)]),
  }),
);
export type BetaMCPToolResultBlock = z.infer<typeof BetaMCPToolResultBlockSchema>;

/** One tool an MCP connector server offers. */
export const BetaMCPToolSchema = lazySchema(() =>
  z.looseObject({
    name: z.string(),
    description: z.string().optional(),
    input_schema: z.record(z.string(), z.unknown()),
  }),
);
export type BetaMCPTool = z.infer<typeof BetaMCPToolSchema>;

/** The list of tools an MCP connector server offers. */
export const BetaMCPToolListingBlockSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("mcp_tool_listing"),
    mcp_server_name: z.string(),
    tools: z.array(BetaMCPToolSchema),
  }),
);
export type BetaMCPToolListingBlock = z.infer<typeof BetaMCPToolListingBlockSchema>;

/** A file uploaded into the code-execution container. */
export const BetaContainerUploadBlockSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("container_upload"),
    file_id: z.string(),
    cache_control: CacheControlEphemeralSchema.nullish(),
  }),
);
export type BetaContainerUploadBlock = z.infer<typeof BetaContainerUploadBlockSchema>;
