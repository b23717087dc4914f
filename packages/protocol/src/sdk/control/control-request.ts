import { z } from "zod";
import { lazySchema } from "../../shared/lazy-schema.ts";
import {
  SDKControlElicitationRequestSchema,
  SDKControlPermissionRequestSchema,
  SDKControlRequestUserDialogRequestSchema,
  SDKHookCallbackRequestSchema,
} from "./host-requests.ts";
import { SDKControlInitializeRequestSchema } from "./initialize.ts";
import {
  SDKControlMcpCallRequestSchema,
  SDKControlMcpMessageRequestSchema,
  SDKControlMcpReadResourceRequestSchema,
  SDKControlMcpReconnectRequestSchema,
  SDKControlMcpSetServersRequestSchema,
  SDKControlMcpStatusRequestSchema,
  SDKControlMcpToggleRequestSchema,
} from "./mcp-requests.ts";
import {
  SDKControlFileSuggestionsRequestSchema,
  SDKControlGetBinaryVersionRequestSchema,
  SDKControlGetContextUsageRequestSchema,
  SDKControlGetSessionCostRequestSchema,
  SDKControlGetUsageRequestSchema,
  SDKControlListModelsRequestSchema,
  SDKControlReadFileRequestSchema,
  SDKControlRegisterRepoRootRequestSchema,
  SDKControlSeedReadStateRequestSchema,
} from "./query-requests.ts";
import {
  SDKControlBackgroundTasksRequestSchema,
  SDKControlCancelAsyncMessageRequestSchema,
  SDKControlGetTaskOutputRequestSchema,
  SDKControlInterruptRequestSchema,
  SDKControlRenameSessionRequestSchema,
  SDKControlRewindFilesRequestSchema,
  SDKControlSetColorRequestSchema,
  SDKControlSetHasSubscribersRequestSchema,
  SDKControlSetMaxThinkingTokensRequestSchema,
  SDKControlSetModelRequestSchema,
  SDKControlSetPermissionModeRequestSchema,
  SDKControlStopTaskRequestSchema,
} from "./session-requests.ts";
import {
  SDKControlApplyFlagSettingsRequestSchema,
  SDKControlGetHooksListingRequestSchema,
  SDKControlGetSettingsRequestSchema,
  SDKControlListPermissionRulesRequestSchema,
  SDKControlReloadOutputStylesRequestSchema,
  SDKControlReloadPluginsRequestSchema,
  SDKControlReloadSkillsRequestSchema,
  SDKControlUpdateSettingsRequestSchema,
} from "./settings-requests.ts";

/** Every declared control request, by subtype (the 41 of the SDK's `SDKControlRequestInner`). */
export const CONTROL_REQUEST_SCHEMAS = {
  interrupt: SDKControlInterruptRequestSchema,
  can_use_tool: SDKControlPermissionRequestSchema,
  initialize: SDKControlInitializeRequestSchema,
  set_permission_mode: SDKControlSetPermissionModeRequestSchema,
  set_model: SDKControlSetModelRequestSchema,
  set_max_thinking_tokens: SDKControlSetMaxThinkingTokensRequestSchema,
  rename_session: SDKControlRenameSessionRequestSchema,
  set_color: SDKControlSetColorRequestSchema,
  mcp_status: SDKControlMcpStatusRequestSchema,
  get_context_usage: SDKControlGetContextUsageRequestSchema,
  get_session_cost: SDKControlGetSessionCostRequestSchema,
  list_models: SDKControlListModelsRequestSchema,
  get_usage: SDKControlGetUsageRequestSchema,
  get_binary_version: SDKControlGetBinaryVersionRequestSchema,
  mcp_call: SDKControlMcpCallRequestSchema,
  file_suggestions: SDKControlFileSuggestionsRequestSchema,
  hook_callback: SDKHookCallbackRequestSchema,
  mcp_message: SDKControlMcpMessageRequestSchema,
  rewind_files: SDKControlRewindFilesRequestSchema,
  cancel_async_message: SDKControlCancelAsyncMessageRequestSchema,
  read_file: SDKControlReadFileRequestSchema,
  seed_read_state: SDKControlSeedReadStateRequestSchema,
  mcp_set_servers: SDKControlMcpSetServersRequestSchema,
  register_repo_root: SDKControlRegisterRepoRootRequestSchema,
  reload_plugins: SDKControlReloadPluginsRequestSchema,
  reload_skills: SDKControlReloadSkillsRequestSchema,
  reload_output_styles: SDKControlReloadOutputStylesRequestSchema,
  mcp_reconnect: SDKControlMcpReconnectRequestSchema,
  mcp_toggle: SDKControlMcpToggleRequestSchema,
  set_has_subscribers: SDKControlSetHasSubscribersRequestSchema,
  stop_task: SDKControlStopTaskRequestSchema,
  background_tasks: SDKControlBackgroundTasksRequestSchema,
  get_task_output: SDKControlGetTaskOutputRequestSchema,
  apply_flag_settings: SDKControlApplyFlagSettingsRequestSchema,
  get_settings: SDKControlGetSettingsRequestSchema,
  get_hooks_listing: SDKControlGetHooksListingRequestSchema,
  update_settings: SDKControlUpdateSettingsRequestSchema,
  elicitation: SDKControlElicitationRequestSchema,
  request_user_dialog: SDKControlRequestUserDialogRequestSchema,
  list_permission_rules: SDKControlListPermissionRulesRequestSchema,
  mcp_read_resource: SDKControlMcpReadResourceRequestSchema,
} as const;

/** A declared control request subtype. */
export type ControlRequestSubtype = keyof typeof CONTROL_REQUEST_SCHEMAS;

/** The body of a control request, discriminated by `subtype`. */
export const SDKControlRequestInnerSchema = lazySchema(() =>
  z.discriminatedUnion("subtype", [
    ...(Object.values(CONTROL_REQUEST_SCHEMAS) as [
      (typeof CONTROL_REQUEST_SCHEMAS)[ControlRequestSubtype],
      ...(typeof CONTROL_REQUEST_SCHEMAS)[ControlRequestSubtype][],
    ]),
  ]),
);
export type SDKControlRequestInner = z.infer<typeof SDKControlRequestInnerSchema>;

/**
 * A request either side sends the other (`type: "control_request"`). The receiver answers with exactly
 * one `control_response` carrying the same `request_id` (the CLI's ids are UUIDs, the SDK's are short).
 */
export const SDKControlRequestSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("control_request"),
    request_id: z.string(),
    request: SDKControlRequestInnerSchema,
  }),
);
export type SDKControlRequest = z.infer<typeof SDKControlRequestSchema>;
