import { describe, expect, it } from "vitest";
import {
  emptyUsage,
  newAssistantMessage,
  newCompactBoundary,
  newResultError,
  newResultSuccess,
  newSystemInit,
  newUserMessage,
} from "./constructors.ts";
import { decodeSdkMessage } from "./decode-sdk-message.ts";

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const session = "0302506a-1f3a-4f9c-b9f5-abb44bdc2b06";
const message = {
  id: "msg_1",
  type: "message" as const,
  role: "assistant" as const,
  model: "claude-opus-5-5",
  content: [{ type: "text" as const, text: "hello" }],
  stop_reason: null,
  stop_sequence: null,
  usage: { input_tokens: 1, output_tokens: 1 },
};

const built = {
  assistant: () => newAssistantMessage(message, session),
  user: () => newUserMessage("hi", session),
  "result success": () => newResultSuccess({ sessionId: session, result: "hello", numTurns: 1 }),
  "result error": () =>
    newResultError({
      sessionId: session,
      subtype: "error_max_turns",
      errors: ["Reached maximum number of turns (1)"],
    }),
  "system init": () => newSystemInit({ cwd: "/work" }, "0.1.0", session),
  "compact boundary": () => newCompactBoundary("manual", 1200, session),
};

describe("message constructors", () => {
  it.each(Object.entries(built))("%s gets a fresh v4 UUID each time", (_name, build) => {
    const first = build();
    const second = build();
    expect(first.uuid).toMatch(V4);
    expect(second.uuid).not.toBe(first.uuid);
    expect(first.session_id).toBe(session);
  });

  it.each(Object.entries(built))("%s decodes as the variant it claims to be", (_name, build) => {
    const value = build();
    expect(decodeSdkMessage(JSON.stringify(value))).toEqual({ kind: "message", message: value });
  });

  it("fills every field a result requires, with zeroed usage the real CLI would send", () => {
    const result = newResultSuccess({ sessionId: session, result: "done" });
    expect(result).toMatchObject({
      type: "result",
      subtype: "success",
      result: "done",
      is_error: false,
      duration_ms: 0,
      duration_api_ms: 0,
      num_turns: 0,
      stop_reason: null,
      total_cost_usd: 0,
      usage: emptyUsage(),
      modelUsage: {},
      permission_denials: [],
      terminal_reason: "completed",
    });
  });

  it("marks an error result as an error and carries its messages", () => {
    const result = newResultError({
      sessionId: session,
      subtype: "error_during_execution",
      errors: ["boom"],
    });
    expect(result).toMatchObject({ is_error: true, subtype: "error_during_execution", errors: ["boom"] });
    expect(result).not.toHaveProperty("result");
  });

  it("reports an API error turn as success with is_error and the api_error terminal reason", () => {
    const result = newResultSuccess({
      sessionId: session,
      result: "API Error: 400",
      isError: true,
      apiErrorStatus: 400,
    });
    expect(result).toMatchObject({
      subtype: "success",
      is_error: true,
      terminal_reason: "api_error",
      api_error_status: 400,
    });
  });

  it("leaves optional fields out instead of writing undefined or null", () => {
    expect(Object.keys(newAssistantMessage(message, session)).sort()).toEqual(
      ["message", "parent_tool_use_id", "session_id", "type", "uuid"].sort(),
    );
    expect(newCompactBoundary("auto", 5, session).compact_metadata).toEqual({
      trigger: "auto",
      pre_tokens: 5,
    });
  });

  it("derives system/init from the query options", () => {
    const init = newSystemInit(
      {
        cwd: "/work",
        model: "claude-sonnet-5",
        permissionMode: "acceptEdits",
        allowedTools: ["Bash"],
        mcpServers: { demo: { type: "http", url: "https://example.test/mcp" } },
        agents: { reviewer: { description: "Reviews", prompt: "Review it" } },
        plugins: [{ type: "local", path: "/plugins/lint" }],
      },
      "0.1.0",
      session,
    );
    expect(init).toMatchObject({
      cwd: "/work",
      claude_code_version: "0.1.0",
      model: "claude-sonnet-5",
      permissionMode: "acceptEdits",
      tools: ["Bash"],
      mcp_servers: [{ name: "demo", status: "pending" }],
      agents: ["reviewer"],
      plugins: [{ name: "lint", path: "/plugins/lint" }],
      apiKeySource: "none",
      slash_commands: [],
      skills: [],
      output_style: "default",
    });
  });

  it("builds the user message a host writes for a prompt", () => {
    expect(newUserMessage("hi", session)).toMatchObject({
      type: "user",
      message: { role: "user", content: "hi" },
      parent_tool_use_id: null,
    });
  });
});
