import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

// The SDK's string-literal unions (sdk.d.ts 0.3.330), each as a const array, a zod enum and its type.

/** How the CLI decides whether a tool may run without asking. */
export const PERMISSION_MODES = [
  "default",
  "acceptEdits",
  "bypassPermissions",
  "plan",
  "dontAsk",
  "auto",
] as const;
/** How the CLI decides whether a tool may run without asking. */
export const PermissionModeSchema = lazySchema(() => z.enum(PERMISSION_MODES));
export type PermissionMode = z.infer<typeof PermissionModeSchema>;

/** Every hook event the CLI can fire (the SDK's runtime `HOOK_EVENTS`). */
export const HOOK_EVENTS = [
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "PostToolBatch",
  "Notification",
  "UserPromptSubmit",
  "UserPromptExpansion",
  "SessionStart",
  "SessionEnd",
  "Stop",
  "StopFailure",
  "SubagentStart",
  "SubagentStop",
  "PreCompact",
  "PostCompact",
  "PreModelSwitch",
  "PostModelSwitch",
  "PermissionRequest",
  "PermissionDenied",
  "Setup",
  "TeammateIdle",
  "TaskCreated",
  "TaskCompleted",
  "Elicitation",
  "ElicitationResult",
  "ConfigChange",
  "WorktreeCreate",
  "WorktreeRemove",
  "InstructionsLoaded",
  "CwdChanged",
  "FileChanged",
  "DirectoryAdded",
  "MessageDisplay",
] as const;
/** A hook event name. */
export const HookEventSchema = lazySchema(() => z.enum(HOOK_EVENTS));
export type HookEvent = z.infer<typeof HookEventSchema>;

/** Why a session ended (the SDK's runtime `EXIT_REASONS`), reported to `SessionEnd` hooks. */
export const EXIT_REASONS = ["clear", "resume", "logout", "prompt_input_exit", "other"] as const;
/** Why a session ended. */
export const ExitReasonSchema = lazySchema(() => z.enum(EXIT_REASONS));
export type ExitReason = z.infer<typeof ExitReasonSchema>;

/** Where the CLI found its API credentials, as reported in `system/init`. */
export const API_KEY_SOURCES = [
  "ANTHROPIC_API_KEY",
  "apiKeyHelper",
  "/login managed key",
  "none",
  "user",
  "project",
  "org",
  "temporary",
  "oauth",
] as const;
/** Where the CLI found its API credentials. */
export const ApiKeySourceSchema = lazySchema(() => z.enum(API_KEY_SOURCES));
export type ApiKeySource = z.infer<typeof ApiKeySourceSchema>;

/** Why a turn ended, on `result` messages. */
export const TERMINAL_REASONS = [
  "blocking_limit",
  "rapid_refill_breaker",
  "prompt_too_long",
  "image_error",
  "model_error",
  "api_error",
  "malformed_tool_use_exhausted",
  "aborted_streaming",
  "aborted_tools",
  "stop_hook_prevented",
  "hook_stopped",
  "tool_deferred",
  "max_turns",
  "background_requested",
  "completed",
  "budget_exhausted",
  "structured_output_retry_exhausted",
  "tool_deferred_unavailable",
  "turn_setup_failed",
] as const;
/** Why a turn ended. */
export const TerminalReasonSchema = lazySchema(() => z.enum(TERMINAL_REASONS));
export type TerminalReason = z.infer<typeof TerminalReasonSchema>;

/** The error class of a failed assistant turn or an API retry. */
export const SDK_ASSISTANT_MESSAGE_ERRORS = [
  "authentication_failed",
  "oauth_org_not_allowed",
  "account_on_hold",
  "verification_required",
  "billing_error",
  "rate_limit",
  "overloaded",
  "invalid_request",
  "model_not_found",
  "server_error",
  "unknown",
  "max_output_tokens",
  "cloud_credential_error",
] as const;
/** The error class of a failed assistant turn or an API retry. */
export const SDKAssistantMessageErrorSchema = lazySchema(() => z.enum(SDK_ASSISTANT_MESSAGE_ERRORS));
export type SDKAssistantMessageError = z.infer<typeof SDKAssistantMessageErrorSchema>;

/** Whether fast mode is on. */
export const FAST_MODE_STATES = ["off", "cooldown", "on"] as const;
/** Whether fast mode is on. */
export const FastModeStateSchema = lazySchema(() => z.enum(FAST_MODE_STATES));
export type FastModeState = z.infer<typeof FastModeStateSchema>;

/** Why fast mode is unavailable. */
export const FAST_MODE_DISABLED_REASONS = [
  "free",
  "preference",
  "extra_usage_disabled",
  "network_error",
  "unknown",
  "not_first_party",
  "disabled_by_env",
  "model_not_allowed",
  "sdk_opt_in_required",
  "pending",
] as const;
/** Why fast mode is unavailable. */
export const FastModeDisabledReasonSchema = lazySchema(() => z.enum(FAST_MODE_DISABLED_REASONS));
export type FastModeDisabledReason = z.infer<typeof FastModeDisabledReasonSchema>;

/** How hard the model thinks (`--effort`). */
export const EFFORT_LEVELS = ["low", "medium", "high", "xhigh", "max"] as const;
/** How hard the model thinks. */
export const EffortLevelSchema = lazySchema(() => z.enum(EFFORT_LEVELS));
export type EffortLevel = z.infer<typeof EffortLevelSchema>;

/** Which settings files the CLI loads (`--setting-sources`). */
export const SETTING_SOURCES = ["user", "project", "local"] as const;
/** Which settings files the CLI loads. */
export const SettingSourceSchema = lazySchema(() => z.enum(SETTING_SOURCES));
export type SettingSource = z.infer<typeof SettingSourceSchema>;

/** Why the CLI refused to start a session, on error `result` messages. */
export const SDK_STARTUP_FAILURE_REASONS = [
  "org_pin_api_key_conflict",
  "provider_not_allowed",
  "org_verify_failed",
  "org_pin_mismatch",
  "managed_settings_invalid",
  "remote_settings_required_unavailable",
  "gateway_signin_required",
  "gateway_access_denied",
  "proxy_invalid",
  "temp_dir_unusable",
  "cwd_unavailable",
  "shell_tool_missing",
  "session_held_by_background",
  "worktree_resume_refused",
  "worktree_unverified",
  "cli_version_too_old",
  "bypass_root",
  "org_config_required_unavailable",
  "org_config_refused",
  "sandbox_required_unavailable",
  "initialize_not_first",
  "config_file_invalid",
  "managed_settings_not_delivered",
  "initialize_fields_not_delivered",
] as const;
/** Why the CLI refused to start a session. */
export const SDKStartupFailureReasonSchema = lazySchema(() => z.enum(SDK_STARTUP_FAILURE_REASONS));
export type SDKStartupFailureReason = z.infer<typeof SDKStartupFailureReasonSchema>;

/** Whether a permission rule allows, denies or asks. */
export const PERMISSION_BEHAVIORS = ["allow", "deny", "ask"] as const;
/** Whether a permission rule allows, denies or asks. */
export const PermissionBehaviorSchema = lazySchema(() => z.enum(PERMISSION_BEHAVIORS));
export type PermissionBehavior = z.infer<typeof PermissionBehaviorSchema>;

/** Where a permission update is saved. */
export const PERMISSION_UPDATE_DESTINATIONS = [
  "userSettings",
  "projectSettings",
  "localSettings",
  "session",
  "cliArg",
] as const;
/** Where a permission update is saved. */
export const PermissionUpdateDestinationSchema = lazySchema(() => z.enum(PERMISSION_UPDATE_DESTINATIONS));
export type PermissionUpdateDestination = z.infer<typeof PermissionUpdateDestinationSchema>;

/** How the person classified a permission decision. */
export const PERMISSION_DECISION_CLASSIFICATIONS = [
  "user_temporary",
  "user_permanent",
  "user_reject",
] as const;
/** How the person classified a permission decision. */
export const PermissionDecisionClassificationSchema = lazySchema(() =>
  z.enum(PERMISSION_DECISION_CLASSIFICATIONS),
);
export type PermissionDecisionClassification = z.infer<typeof PermissionDecisionClassificationSchema>;

/** A hook's verdict on a permission question. */
export const HOOK_PERMISSION_DECISIONS = ["allow", "deny", "ask", "defer"] as const;
/** A hook's verdict on a permission question. */
export const HookPermissionDecisionSchema = lazySchema(() => z.enum(HOOK_PERMISSION_DECISIONS));
export type HookPermissionDecision = z.infer<typeof HookPermissionDecisionSchema>;

/** Beta features the SDK can switch on (`--betas`). */
export const SDK_BETAS = ["context-1m-2025-08-07"] as const;
/** A beta feature the SDK can switch on. */
export const SdkBetaSchema = lazySchema(() => z.enum(SDK_BETAS));
export type SdkBeta = z.infer<typeof SdkBetaSchema>;

/** How much of the model's thinking is shown. */
export const THINKING_DISPLAYS = ["summarized", "omitted"] as const;
/** How much of the model's thinking is shown. */
export const ThinkingDisplaySchema = lazySchema(() => z.enum(THINKING_DISPLAYS));
export type ThinkingDisplay = z.infer<typeof ThinkingDisplaySchema>;

/** What the CLI is doing right now, on `system/status` (`null` when idle). */
export const SDKStatusSchema = lazySchema(() => z.enum(["compacting", "requesting"]).nullable());
export type SDKStatus = z.infer<typeof SDKStatusSchema>;
