import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { ExitReasonSchema, SDKAssistantMessageErrorSchema } from "./enums.ts";
import { McpServerProvenanceSchema, PermissionUpdateSchema } from "./permissions.ts";

/** Fields every hook input carries. */
export const BaseHookInputSchema = lazySchema(() =>
  z.looseObject({
    session_id: z.string(),
    transcript_path: z.string(),
    cwd: z.string(),
    prompt_id: z.string().optional(),
    permission_mode: z.string().optional(),
    agent_id: z.string().optional(),
    agent_type: z.string().optional(),
    effort: z.looseObject({ level: z.string() }).optional(),
  }),
);
export type BaseHookInput = z.infer<typeof BaseHookInputSchema>;

/** A background task listed to `Stop`/`SubagentStop` hooks. */
export const BackgroundTaskSummarySchema = lazySchema(() =>
  z.looseObject({
    id: z.string(),
    type: z.string(),
    status: z.string(),
    description: z.string(),
    command: z.string().optional(),
    agent_type: z.string().optional(),
    server: z.string().optional(),
    tool: z.string().optional(),
    name: z.string().optional(),
  }),
);
export type BackgroundTaskSummary = z.infer<typeof BackgroundTaskSummarySchema>;

/** A scheduled prompt listed to `Stop`/`SubagentStop` hooks. */
export const SessionCronSummarySchema = lazySchema(() =>
  z.looseObject({
    id: z.string(),
    schedule: z.string(),
    recurring: z.boolean(),
    prompt: z.string(),
  }),
);
export type SessionCronSummary = z.infer<typeof SessionCronSummarySchema>;

const hook = <const E extends string, S extends z.core.$ZodLooseShape>(event: E, shape: S) =>
  BaseHookInputSchema.extend({ hook_event_name: z.literal(event), ...shape });

const toolCall = () => ({ tool_name: z.string(), tool_input: z.unknown(), tool_use_id: z.string() });
const mcpServer = () => ({ mcp_server: McpServerProvenanceSchema.optional() });
const stopFields = () => ({
  stop_hook_active: z.boolean(),
  last_assistant_message: z.string().optional(),
  background_tasks: z.array(BackgroundTaskSummarySchema).optional(),
  session_crons: z.array(SessionCronSummarySchema).optional(),
});
const modelSwitch = () => ({
  from_model: z.string(),
  to_model: z.string(),
  requested_model: z.string().nullable(),
  context_tokens: z.number(),
  prompt_cache_warm: z.boolean(),
  cache_ttl: z.enum(["5m", "1h"]),
  estimated_cache_write_usd: z.number(),
  pricing: z.enum(["configured", "catalog", "default"]),
});
const task = () => ({
  task_id: z.string(),
  task_subject: z.string(),
  task_description: z.string().optional(),
  teammate_name: z.string().optional(),
  team_name: z.string().optional(),
});
const elicitationMode = lazySchema(() => z.enum(["form", "url"]).optional());
const elicitationAction = lazySchema(() => z.enum(["accept", "decline", "cancel"]));

/** What the CLI passes to a hook, by event (`hook_event_name`); the `input` of `hook_callback` requests. */
export const HookInputSchema = lazySchema(() =>
  z.discriminatedUnion("hook_event_name", [
    hook("PreToolUse", { ...toolCall(), ...mcpServer() }),
    hook("PostToolUse", {
      ...toolCall(),
      tool_response: z.unknown(),
      duration_ms: z.number().optional(),
      ...mcpServer(),
    }),
    hook("PostToolUseFailure", {
      ...toolCall(),
      error: z.string(),
      is_interrupt: z.boolean().optional(),
      duration_ms: z.number().optional(),
      ...mcpServer(),
    }),
    hook("PostToolBatch", {
      tool_calls: z.array(
        z.looseObject({
          tool_name: z.string(),
          tool_input: z.unknown(),
          tool_use_id: z.string(),
          tool_response: z.unknown().optional(),
        }),
      ),
    }),
    hook("PermissionDenied", { ...toolCall(), reason: z.string(), ...mcpServer() }),
    hook("Notification", {
      message: z.string(),
      title: z.string().optional(),
      notification_type: z.string(),
    }),
    hook("UserPromptSubmit", {
      prompt: z.string(),
      source: z.enum(["user", "sdk", "system", "loop_wakeup", "schedule_wakeup", "poll_event"]).optional(),
      session_title: z.string().optional(),
    }),
    hook("UserPromptExpansion", {
      expansion_type: z.enum(["slash_command", "mcp_prompt"]),
      command_name: z.string(),
      command_args: z.string(),
      command_source: z.string().optional(),
      prompt: z.string(),
    }),
    hook("SessionStart", {
      source: z.enum(["startup", "resume", "clear", "compact", "fork"]),
      model: z.string().optional(),
      session_title: z.string().optional(),
      seconds_since_last_response: z.number().optional(),
      context_tokens: z.number().optional(),
      prompt_cache_likely_expired: z.boolean().optional(),
      estimated_cache_write_usd: z.number().optional(),
    }),
    hook("SessionEnd", { reason: ExitReasonSchema }),
    hook("Stop", stopFields()),
    hook("StopFailure", {
      error: SDKAssistantMessageErrorSchema,
      error_details: z.string().optional(),
      last_assistant_message: z.string().optional(),
    }),
    hook("SubagentStart", { agent_id: z.string(), agent_type: z.string() }),
    hook("SubagentStop", {
      ...stopFields(),
      agent_id: z.string(),
      agent_transcript_path: z.string(),
      agent_type: z.string(),
    }),
    hook("PreCompact", { trigger: z.enum(["manual", "auto"]), custom_instructions: z.string().nullable() }),
    hook("PostCompact", { trigger: z.enum(["manual", "auto"]), compact_summary: z.string() }),
    hook("PreModelSwitch", { ...modelSwitch(), source: z.enum(["command", "picker", "sdk"]) }),
    hook("PostModelSwitch", {
      ...modelSwitch(),
      source: z.enum(["command", "picker", "sdk", "auto", "resume"]),
    }),
    hook("PermissionRequest", {
      tool_name: z.string(),
      tool_input: z.unknown(),
      permission_suggestions: z.array(PermissionUpdateSchema).optional(),
      ...mcpServer(),
    }),
    hook("Setup", { trigger: z.enum(["init", "maintenance"]) }),
    hook("TeammateIdle", { teammate_name: z.string(), team_name: z.string() }),
    hook("TaskCreated", task()),
    hook("TaskCompleted", task()),
    hook("Elicitation", {
      mcp_server_name: z.string(),
      message: z.string(),
      mode: elicitationMode,
      url: z.string().optional(),
      elicitation_id: z.string().optional(),
      requested_schema: z.record(z.string(), z.unknown()).optional(),
    }),
    hook("ElicitationResult", {
      mcp_server_name: z.string(),
      elicitation_id: z.string().optional(),
      mode: elicitationMode,
      action: elicitationAction,
      content: z.record(z.string(), z.unknown()).optional(),
    }),
    hook("ConfigChange", {
      source: z.enum(["user_settings", "project_settings", "local_settings", "policy_settings", "skills"]),
      file_path: z.string().optional(),
    }),
    hook("InstructionsLoaded", {
      file_path: z.string(),
      memory_type: z.enum(["User", "Project", "Local", "Managed"]),
      load_reason: z.enum(["session_start", "nested_traversal", "path_glob_match", "include", "compact"]),
      globs: z.array(z.string()).optional(),
      trigger_file_path: z.string().optional(),
      parent_file_path: z.string().optional(),
    }),
    hook("WorktreeCreate", { name: z.string() }),
    hook("WorktreeRemove", { worktree_path: z.string() }),
    hook("CwdChanged", { old_cwd: z.string(), new_cwd: z.string() }),
    hook("FileChanged", { file_path: z.string(), event: z.enum(["change", "add", "unlink"]) }),
    hook("DirectoryAdded", {
      directory: z.string(),
      source: z.enum(["slash_command", "register_repo_root"]),
    }),
    hook("MessageDisplay", {
      turn_id: z.string(),
      message_id: z.string(),
      index: z.number(),
      final: z.boolean(),
      delta: z.string(),
    }),
  ]),
);
export type HookInput = z.infer<typeof HookInputSchema>;
