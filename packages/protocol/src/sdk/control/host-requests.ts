import { z } from "zod";
import { lazySchema } from "../../shared/lazy-schema.ts";
import { HookInputSchema } from "../hook-input.ts";
import { McpServerProvenanceSchema, PermissionUpdateSchema } from "../permissions.ts";

// Requests the CLI sends to the host (C→H).

/** Why the CLI is asking for permission. */
export const PERMISSION_DECISION_REASON_TYPES = [
  "rule",
  "mode",
  "subcommandResults",
  "permissionPromptTool",
  "hook",
  "asyncAgent",
  "sandboxOverride",
  "workingDir",
  "safetyCheck",
  "classifier",
  "other",
] as const;

/**
 * `can_use_tool`: may this tool call run? (Only with `--permission-prompt-tool stdio`.) The host answers
 * with a PermissionResult plus `toolUseID`.
 */
export const SDKControlPermissionRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("can_use_tool"),
    tool_name: z.string(),
    input: z.record(z.string(), z.unknown()),
    tool_use_id: z.string(),
    mcp_server: McpServerProvenanceSchema.optional(),
    permission_suggestions: z.array(PermissionUpdateSchema).optional(),
    blocked_path: z.string().optional(),
    decision_reason: z.string().optional(),
    decision_reason_type: z.enum(PERMISSION_DECISION_REASON_TYPES).optional(),
    classifier_approvable: z.boolean().optional(),
    suppress_always_allow_rule: z.boolean().optional(),
    default_to_no: z.boolean().optional(),
    matched_ask_rule: z
      .looseObject({ source: z.string(), tool_name: z.string(), rule_content: z.string().optional() })
      .optional(),
    title: z.string().optional(),
    display_name: z.string().optional(),
    agent_id: z.string().optional(),
    description: z.string().optional(),
    requires_user_interaction: z.boolean().optional(),
  }),
);
export type SDKControlPermissionRequest = z.infer<typeof SDKControlPermissionRequestSchema>;

/** `hook_callback`: run the host hook registered as `callback_id`; the answer is a HookJSONOutput. */
export const SDKHookCallbackRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("hook_callback"),
    callback_id: z.string(),
    input: HookInputSchema,
    tool_use_id: z.string().optional(),
  }),
);
export type SDKHookCallbackRequest = z.infer<typeof SDKHookCallbackRequestSchema>;

/** `elicitation`: an MCP server asks the person for input (a form or a URL to visit). */
export const SDKControlElicitationRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("elicitation"),
    mcp_server_name: z.string(),
    message: z.string(),
    mode: z.enum(["form", "url"]).optional(),
    url: z.string().optional(),
    elicitation_id: z.string().optional(),
    requested_schema: z.record(z.string(), z.unknown()).optional(),
    property_order: z.array(z.string()).optional(),
    title: z.string().optional(),
    display_name: z.string().optional(),
    description: z.string().optional(),
  }),
);
export type SDKControlElicitationRequest = z.infer<typeof SDKControlElicitationRequestSchema>;

/** `request_user_dialog`: the CLI wants the host to show a dialog of some kind to the person. */
export const SDKControlRequestUserDialogRequestSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("request_user_dialog"),
    dialog_kind: z.string(),
    payload: z.record(z.string(), z.unknown()),
    tool_use_id: z.string().optional(),
  }),
);
export type SDKControlRequestUserDialogRequest = z.infer<typeof SDKControlRequestUserDialogRequestSchema>;
