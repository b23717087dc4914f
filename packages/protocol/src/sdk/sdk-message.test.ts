import { describe, expect, it } from "vitest";
import { plainMessageSchemas, SDK_MESSAGE_SCHEMAS, systemMessageSchemas } from "./sdk-message.ts";

describe("SDKMessage routing tables", () => {
  it("route every system subtype and every plain type of the SDK to its own schema", () => {
    expect(Object.keys(systemMessageSchemas()).sort()).toEqual(
      [
        "init",
        "compact_boundary",
        "status",
        "api_retry",
        "control_request_progress",
        "model_refusal_fallback",
        "model_refusal_no_fallback",
        "local_command_output",
        "hook_started",
        "hook_progress",
        "hook_response",
        "plugin_install",
        "task_notification",
        "task_started",
        "task_updated",
        "task_progress",
        "background_tasks_changed",
        "thinking_tokens",
        "session_state_changed",
        "worker_shutting_down",
        "commands_changed",
        "notification",
        "files_persisted",
        "memory_recall",
        "elicitation_complete",
        "permission_denied",
        "mirror_error",
        "informational",
        "session_writes_lost",
      ].sort(),
    );
    expect(systemMessageSchemas().status).toBe(SDK_MESSAGE_SCHEMAS.SDKStatusMessage);
    expect(Object.keys(plainMessageSchemas()).sort()).toEqual(
      [
        "assistant",
        "stream_event",
        "tool_progress",
        "auth_status",
        "tool_use_summary",
        "rate_limit_event",
        "prompt_suggestion",
        "conversation_reset",
      ].sort(),
    );
    expect(plainMessageSchemas().stream_event).toBe(SDK_MESSAGE_SCHEMAS.SDKPartialAssistantMessage);
  });
});
