import { z } from "zod";
import { McpToolAnnotationsSchema } from "../rich/mcp-tool-request.ts";
import {
  McpHttpServerConfigSchema,
  McpSSEServerConfigSchema,
  McpStdioServerConfigSchema,
} from "../sdk/mcp-server-config.ts";
import { lazySchema } from "../shared/lazy-schema.ts";
import {
  McpEntryVariableSchema,
  McpServerConsentSchema,
  McpServerLaunchSchema,
} from "./mcp-server-consent.ts";

/** Where a server's config comes from: the user's `mcp.json`, the project's `.mcp.json`, or `--mcp-config`. */
export const McpServerSourceSchema = lazySchema(() => z.enum(["user", "project", "command_line"]));
export type McpServerSource = z.infer<typeof McpServerSourceSchema>;

/**
 * Where a server stands: starting, connected, failed (with the error; a stdio server that exited is
 * restarted with backoff), a project server waiting for the user's approval (never started before it),
 * disabled by the user, a project entry the user rejected (off and quiet until it changes), or a project
 * entry shadowed by the user's own server of the same name (the user's runs; the project's never does).
 */
export const McpConnectionStatusSchema = lazySchema(() =>
  z.enum(["connecting", "connected", "failed", "needs_approval", "disabled", "rejected", "shadowed"]),
);
export type McpConnectionStatus = z.infer<typeof McpConnectionStatusSchema>;

/** One `mcpServers` entry as Claude Code and Claude Desktop write it: stdio, or remote over HTTP or SSE. */
export const McpServerEntrySchema = lazySchema(() =>
  z.union([
    McpStdioServerConfigSchema.extend({ command: z.string().min(1) }),
    McpHttpServerConfigSchema.extend({ url: z.url() }),
    McpSSEServerConfigSchema.extend({ url: z.url() }),
  ]),
);
export type McpServerEntry = z.infer<typeof McpServerEntrySchema>;

/** A tool a server offers, as Settings lists it. */
export const McpServerToolViewSchema = lazySchema(() =>
  z.looseObject({
    name: z.string(),
    /** The name the model calls: `mcp__<server>__<tool>`. */
    model_name: z.string(),
    title: z.string().optional(),
    description: z.string().optional(),
    annotations: McpToolAnnotationsSchema.optional(),
  }),
);
export type McpServerToolView = z.infer<typeof McpServerToolViewSchema>;

/** A prompt a server offers, usable as the slash command `/mcp__<server>__<prompt>`. */
export const McpServerPromptViewSchema = lazySchema(() =>
  z.looseObject({
    name: z.string(),
    command: z.string(),
    description: z.string().optional(),
    arguments: z
      .array(
        z.looseObject({
          name: z.string(),
          description: z.string().optional(),
          required: z.boolean().optional(),
        }),
      )
      .optional(),
  }),
);
export type McpServerPromptView = z.infer<typeof McpServerPromptViewSchema>;

/** One configured server with its status, as `GET /api/mcp/servers` and Settings show it. */
export const McpServerViewSchema = lazySchema(() =>
  z.looseObject({
    name: z.string(),
    source: McpServerSourceSchema,
    /** The config file it was read from. */
    file: z.string(),
    transport: z.enum(["stdio", "http", "sse", "unknown"]),
    /** The entry as written (variables not expanded). */
    config: z.unknown(),
    /** What the entry runs or reaches, as written: what a person approves. */
    launch: McpServerLaunchSchema,
    /** The variables the entry reads from the person's environment, and which of them it never gets. */
    variables: z.array(McpEntryVariableSchema),
    /** A project entry's consent: the decision about it as it is now and what changed since the approval. */
    consent: McpServerConsentSchema.optional(),
    status: McpConnectionStatusSchema,
    error: z.string().optional(),
    /** The last bytes a stdio server wrote to stderr. */
    stderr: z.string().optional(),
    server_info: z
      .looseObject({ name: z.string(), version: z.string(), title: z.string().optional() })
      .optional(),
    tools: z.array(McpServerToolViewSchema),
    prompts: z.array(McpServerPromptViewSchema),
    has_resources: z.boolean(),
    /** How often it was restarted after exiting. */
    restarts: z.number().int().nonnegative(),
  }),
);
export type McpServerView = z.infer<typeof McpServerViewSchema>;

/** A config file that could not be read (not JSON, no `mcpServers` object): its servers are not started. */
export const McpConfigProblemSchema = lazySchema(() =>
  z.looseObject({
    source: McpServerSourceSchema,
    file: z.string(),
    error: z.string(),
  }),
);
export type McpConfigProblem = z.infer<typeof McpConfigProblemSchema>;

/** `GET /api/mcp/servers`. */
export const McpServerListSchema = lazySchema(() =>
  z.looseObject({
    servers: z.array(McpServerViewSchema),
    problems: z.array(McpConfigProblemSchema),
    /** Calls to tools that declare `readOnlyHint` run without asking. */
    trust_read_only_tools: z.boolean(),
  }),
);
export type McpServerList = z.infer<typeof McpServerListSchema>;

/** `PUT /api/mcp/servers/:name`: adds or replaces a server in the user's `mcp.json`. */
export const PutMcpServerRequestSchema = lazySchema(() => z.looseObject({ config: McpServerEntrySchema }));
export type PutMcpServerRequest = z.infer<typeof PutMcpServerRequestSchema>;

/** `PATCH /api/mcp/servers/:name`: enables or disables a server for this project. */
export const PatchMcpServerRequestSchema = lazySchema(() => z.looseObject({ enabled: z.boolean() }));
export type PatchMcpServerRequest = z.infer<typeof PatchMcpServerRequestSchema>;

/** `PUT /api/mcp/settings`: whether read-only tools run without asking. */
export const McpSettingsRequestSchema = lazySchema(() =>
  z.looseObject({ trust_read_only_tools: z.boolean() }),
);
export type McpSettingsRequest = z.infer<typeof McpSettingsRequestSchema>;

/** A server name as it may appear in a route and in `mcp__<server>__<tool>`. */
export const McpServerNameSchema = lazySchema(() =>
  z
    .string()
    .min(1)
    .max(64)
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9_.-]*$/,
      "letters, digits, '_', '.' and '-', starting with a letter or digit",
    ),
);

/** Path parameters of a server's routes. */
export const McpServerParamsSchema = lazySchema(() => z.looseObject({ name: McpServerNameSchema }));

/**
 * `POST /api/mcp/prompt-commands`: fills in an MCP prompt typed as a slash command
 * (`/mcp__<server>__<prompt> …`). `input` is what follows the command: `name=value` pairs (values may be
 * quoted), or, for a prompt with one argument, its value; `arguments` gives them by name instead.
 */
export const McpPromptRequestSchema = lazySchema(() =>
  z.looseObject({
    command: z.string().regex(/^\/mcp__\S+$/, "a command like /mcp__server__prompt"),
    input: z.string().max(100_000).optional(),
    arguments: z.record(z.string(), z.string().max(100_000)).optional(),
  }),
);
export type McpPromptRequest = z.infer<typeof McpPromptRequestSchema>;

/** A filled-in prompt: the text the composer sends as the user's message. */
export const McpPromptTextSchema = lazySchema(() => z.looseObject({ text: z.string() }));
export type McpPromptText = z.infer<typeof McpPromptTextSchema>;
