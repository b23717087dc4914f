import { z } from "zod";
import { lazySchema } from "../../shared/lazy-schema.ts";
import { SdkAgentInfoSchema } from "../agent-definition.ts";
import { PermissionModeSchema } from "../enums.ts";
import { HookJSONOutputSchema } from "../hook-output.ts";
import { McpServerStatusSchema, McpSetServersResultSchema } from "../mcp-server-config.ts";
import { PermissionResultSchema } from "../permissions.ts";
import { SlashCommandSchema } from "../slash-command.ts";
import { SDKControlGetContextUsageResponseSchema } from "./context-usage-response.ts";
import type { ControlRequestSubtype } from "./control-request.ts";
import {
  SDKControlGetHooksListingResponseSchema,
  SDKControlPermissionRulesStateSchema,
} from "./hooks-listing-response.ts";
import { SDKControlInitializeResponseSchema } from "./initialize.ts";
import { JSONRPCMessageSchema } from "./mcp-requests.ts";
import { SDKControlGetUsageResponseSchema } from "./usage-response.ts";

/** `interrupt` reply: prompts still queued and those cancelled (older CLIs reply `{}`). */
export const SDKControlInterruptResponseSchema = lazySchema(() =>
  z.looseObject({
    still_queued: z.array(z.string()),
    cancelled: z.array(z.string()).optional(),
  }),
);
export type SDKControlInterruptResponse = z.infer<typeof SDKControlInterruptResponseSchema>;

/** `mcp_message` reply: the SDK-hosted server's JSON-RPC answer. */
export const McpMessageResponseSchema = lazySchema(() =>
  z.looseObject({ mcp_response: JSONRPCMessageSchema }),
);
export type McpMessageResponse = z.infer<typeof McpMessageResponseSchema>;

/** `elicitation` reply: the MCP `ElicitResult` (the SDK sends `{action: "decline"}` with no handler). */
export const ElicitationResultSchema = lazySchema(() =>
  z.looseObject({
    action: z.enum(["accept", "decline", "cancel"]),
    content: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]))
      .optional(),
    _meta: z.record(z.string(), z.unknown()).optional(),
  }),
);
export type ElicitationResult = z.infer<typeof ElicitationResultSchema>;

/** `request_user_dialog` reply: the dialog's result, or that the person cancelled it. */
export const UserDialogResultSchema = lazySchema(() =>
  z.discriminatedUnion("behavior", [
    z.looseObject({ behavior: z.literal("completed"), result: z.unknown() }),
    z.looseObject({ behavior: z.literal("cancelled") }),
  ]),
);
export type UserDialogResult = z.infer<typeof UserDialogResultSchema>;

/** `read_file` reply. */
export const SDKControlReadFileResponseSchema = lazySchema(() =>
  z.looseObject({
    contents: z.string(),
    absPath: z.string(),
    truncated: z.boolean().optional(),
    encoding: z.literal("base64").optional(),
    lossy: z.boolean().optional(),
  }),
);
export type SDKControlReadFileResponse = z.infer<typeof SDKControlReadFileResponseSchema>;

/** `rewind_files` reply: whether the files could be (or were) restored, and what changed. */
export const RewindFilesResultSchema = lazySchema(() =>
  z.looseObject({
    canRewind: z.boolean(),
    error: z.string().optional(),
    filesChanged: z.array(z.string()).optional(),
    insertions: z.number().optional(),
    deletions: z.number().optional(),
    skippedLinks: z.number().optional(),
  }),
);
export type RewindFilesResult = z.infer<typeof RewindFilesResultSchema>;

/** `reload_plugins` reply: what is loaded now. */
export const SDKControlReloadPluginsResponseSchema = lazySchema(() =>
  z.looseObject({
    commands: z.array(SlashCommandSchema),
    agents: z.array(SdkAgentInfoSchema),
    plugins: z.array(
      z.looseObject({
        name: z.string(),
        path: z.string(),
        source: z.string().optional(),
        version: z.string().optional(),
      }),
    ),
    mcpServers: z.array(McpServerStatusSchema),
    error_count: z.number(),
    held: z.boolean().optional(),
    cache_impact: z
      .looseObject({
        mcp_servers_added: z.array(z.string()),
        mcp_servers_removed: z.array(z.string()),
        lsp_tool_change: z.enum(["adds", "may-add", "removes", "may-remove"]).nullable(),
      })
      .optional(),
  }),
);
export type SDKControlReloadPluginsResponse = z.infer<typeof SDKControlReloadPluginsResponseSchema>;

/** `reload_skills` reply. */
export const SDKControlReloadSkillsResponseSchema = lazySchema(() =>
  z.looseObject({ skills: z.array(SlashCommandSchema) }),
);
export type SDKControlReloadSkillsResponse = z.infer<typeof SDKControlReloadSkillsResponseSchema>;

/** `reload_output_styles` reply. */
export const SDKControlReloadOutputStylesResponseSchema = lazySchema(() =>
  z.looseObject({
    available_output_styles: z.array(z.string()),
  }),
);
export type SDKControlReloadOutputStylesResponse = z.infer<typeof SDKControlReloadOutputStylesResponseSchema>;

/** `get_task_output` reply. */
export const SDKControlGetTaskOutputResponseSchema = lazySchema(() =>
  z.looseObject({
    output: z.string(),
    total_bytes: z.number(),
    truncated: z.boolean(),
  }),
);
export type SDKControlGetTaskOutputResponse = z.infer<typeof SDKControlGetTaskOutputResponseSchema>;

/** `mcp_read_resource` reply. */
export const SDKControlMcpReadResourceResponseSchema = lazySchema(() =>
  z.looseObject({
    contents: z.array(
      z.looseObject({
        uri: z.string(),
        mimeType: z.string().optional(),
        text: z.string().optional(),
        blob: z.string().optional(),
        _meta: z.record(z.string(), z.unknown()).optional(),
      }),
    ),
  }),
);
export type SDKControlMcpReadResourceResponse = z.infer<typeof SDKControlMcpReadResourceResponseSchema>;

/** `list_permission_rules` reply. */
export const SDKControlListPermissionRulesResponseSchema = lazySchema(() =>
  z.looseObject({
    state: SDKControlPermissionRulesStateSchema,
  }),
);
export type SDKControlListPermissionRulesResponse = z.infer<
  typeof SDKControlListPermissionRulesResponseSchema
>;

/** A bare acknowledgement: subtypes whose reply carries nothing declared. */
export const ControlAckResponseSchema = lazySchema(() => z.looseObject({}));
export type ControlAckResponse = z.infer<typeof ControlAckResponseSchema>;

/**
 * The success payload (`response.response`) of each control request subtype. Subtypes whose payload
 * the SDK leaves undeclared (cost text, model list, settings, ...) map to an open object.
 */
export const CONTROL_SUCCESS_PAYLOAD_SCHEMAS = {
  initialize: SDKControlInitializeResponseSchema,
  interrupt: z.union([SDKControlInterruptResponseSchema, ControlAckResponseSchema]),
  can_use_tool: PermissionResultSchema,
  hook_callback: HookJSONOutputSchema,
  mcp_message: McpMessageResponseSchema,
  elicitation: ElicitationResultSchema,
  request_user_dialog: UserDialogResultSchema,
  set_permission_mode: z.looseObject({ mode: PermissionModeSchema }),
  set_model: z.looseObject({ model: z.string().nullish() }),
  set_max_thinking_tokens: ControlAckResponseSchema,
  rename_session: ControlAckResponseSchema,
  set_color: ControlAckResponseSchema,
  mcp_status: z.looseObject({ mcpServers: z.array(McpServerStatusSchema) }),
  get_context_usage: SDKControlGetContextUsageResponseSchema,
  get_session_cost: ControlAckResponseSchema,
  list_models: ControlAckResponseSchema,
  get_usage: SDKControlGetUsageResponseSchema,
  get_binary_version: ControlAckResponseSchema,
  mcp_call: ControlAckResponseSchema,
  file_suggestions: ControlAckResponseSchema,
  rewind_files: RewindFilesResultSchema,
  cancel_async_message: z.looseObject({ cancelled: z.boolean() }),
  read_file: SDKControlReadFileResponseSchema,
  seed_read_state: ControlAckResponseSchema,
  mcp_set_servers: McpSetServersResultSchema,
  register_repo_root: ControlAckResponseSchema,
  reload_plugins: SDKControlReloadPluginsResponseSchema,
  reload_skills: SDKControlReloadSkillsResponseSchema,
  reload_output_styles: SDKControlReloadOutputStylesResponseSchema,
  mcp_reconnect: ControlAckResponseSchema,
  mcp_toggle: ControlAckResponseSchema,
  set_has_subscribers: ControlAckResponseSchema,
  stop_task: ControlAckResponseSchema,
  background_tasks: z.looseObject({ backgrounded: z.boolean().optional() }),
  get_task_output: SDKControlGetTaskOutputResponseSchema,
  apply_flag_settings: ControlAckResponseSchema,
  get_settings: ControlAckResponseSchema,
  get_hooks_listing: SDKControlGetHooksListingResponseSchema,
  update_settings: ControlAckResponseSchema,
  list_permission_rules: SDKControlListPermissionRulesResponseSchema,
  mcp_read_resource: SDKControlMcpReadResourceResponseSchema,
} as const satisfies Record<ControlRequestSubtype, z.ZodType>;

/** The success payload type of a control request subtype. */
export type ControlSuccessPayload<S extends ControlRequestSubtype> = z.infer<
  (typeof CONTROL_SUCCESS_PAYLOAD_SCHEMAS)[S]
>;
