import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { systemMessageShape } from "./message-identity.ts";

/** `system`/`notification`: a transient notice for the person (toast-like). */
export const SDKNotificationMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("notification"),
    key: z.string(),
    text: z.string(),
    priority: z.enum(["low", "medium", "high", "immediate"]),
    color: z.string().optional(),
    timeout_ms: z.number().optional(),
  }),
);
export type SDKNotificationMessage = z.infer<typeof SDKNotificationMessageSchema>;

/** `system`/`informational`: an inline notice in the transcript (info, warning, suggestion, ...). */
export const SDKInformationalMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("informational"),
    content: z.string(),
    level: z.enum(["info", "notice", "suggestion", "warning"]),
    tool_use_id: z.string().optional(),
    prevent_continuation: z.boolean().optional(),
    tag: z.string().optional(),
  }),
);
export type SDKInformationalMessage = z.infer<typeof SDKInformationalMessageSchema>;

/** `system`/`local_command_output`: what a local slash command printed. */
export const SDKLocalCommandOutputMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("local_command_output"),
    content: z.string(),
  }),
);
export type SDKLocalCommandOutputMessage = z.infer<typeof SDKLocalCommandOutputMessageSchema>;

/** `system`/`permission_denied`: a tool call was refused without asking (rule, mode, classifier, ...). */
export const SDKPermissionDeniedMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("permission_denied"),
    tool_name: z.string(),
    tool_use_id: z.string(),
    agent_id: z.string().optional(),
    decision_reason_type: z.string().optional(),
    decision_reason: z.string().optional(),
    message: z.string(),
  }),
);
export type SDKPermissionDeniedMessage = z.infer<typeof SDKPermissionDeniedMessageSchema>;

/** `system`/`elicitation_complete`: an MCP server's URL elicitation finished. */
export const SDKElicitationCompleteMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("elicitation_complete"),
    mcp_server_name: z.string(),
    elicitation_id: z.string(),
  }),
);
export type SDKElicitationCompleteMessage = z.infer<typeof SDKElicitationCompleteMessageSchema>;

/** `system`/`memory_recall`: memories the CLI pulled into context. */
export const SDKMemoryRecallMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("memory_recall"),
    mode: z.enum(["select", "synthesize"]),
    memories: z.array(
      z.looseObject({
        path: z.string(),
        scope: z.enum(["personal", "team", "organization"]),
        content: z.string().optional(),
      }),
    ),
  }),
);
export type SDKMemoryRecallMessage = z.infer<typeof SDKMemoryRecallMessageSchema>;

const refusal = () => ({
  original_model: z.string(),
  request_id: z.string().nullable(),
  api_refusal_category: z.string().nullish(),
  api_refusal_explanation: z.string().nullish(),
  refused_user_message_uuid: z.string().nullish(),
  content: z.string(),
});

/** `system`/`model_refusal_fallback`: the model refused and the CLI switched to a fallback model. */
export const SDKModelRefusalFallbackMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("model_refusal_fallback"),
    ...refusal(),
    trigger: z.literal("refusal"),
    direction: z.enum(["retry", "revert", "sticky"]),
    scope: z.enum(["session", "local"]).optional(),
    fallback_model: z.string(),
    retracted_message_uuids: z.array(z.string()).optional(),
  }),
);
export type SDKModelRefusalFallbackMessage = z.infer<typeof SDKModelRefusalFallbackMessageSchema>;

/** `system`/`model_refusal_no_fallback`: the model refused and no fallback model was available. */
export const SDKModelRefusalNoFallbackMessageSchema = lazySchema(() =>
  z.looseObject({
    ...systemMessageShape("model_refusal_no_fallback"),
    ...refusal(),
  }),
);
export type SDKModelRefusalNoFallbackMessage = z.infer<typeof SDKModelRefusalNoFallbackMessageSchema>;
