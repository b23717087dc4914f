import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AgentReplySchema } from "../../src/api/agent-reply.ts";
import { AgentResponsePartSchema } from "../../src/api/agent-response-part.ts";
import { ChatHistoryResponseSchema } from "../../src/api/chat-history-response.ts";
import { EpochMillisecondsSchema } from "../../src/api/epoch-milliseconds.ts";
import { type ExportResult, exportResultToFrontend } from "../../src/api/export-result.ts";
import { apiPublicSchemas } from "../../src/api/public-schemas.ts";
import { type ResponsePart, responsePartToFrontend } from "../../src/api/response-part.ts";
import { type RunResult, runResultToAgentReply } from "../../src/api/run-result.ts";
import { decodeWith } from "../../src/shared/decode-result.ts";

/** Encodes a value, sends it through JSON text as the wire does, and decodes it again. */
function overTheWire(schema: z.ZodType, value: unknown) {
  return decodeWith(schema, JSON.parse(JSON.stringify(z.encode(schema, value))));
}

const earliest = -62_135_596_800_000;
const latest = 253_402_300_799_999;

const responseParts: ResponsePart[] = [
  {
    text: "Thinking about it",
    timestamp: 1_700_000_000_123,
    part_type: "thinking",
    part_id: "p1",
    call_id: null,
  },
  { text: "", timestamp: null, part_type: "tool", call_id: "call_1", added_later: { a: 1 } },
  {
    text: "Bash: ls",
    timestamp: 1,
    part_type: "tool",
    part_id: "toolu_1",
    call_id: "toolu_1",
    tool: { name: "Bash", input: { command: "ls" }, status: "completed", output: "a.ts", added_later: 1 },
  },
  { text: "Done.", timestamp: 0, part_type: "final" },
  { text: "Long ago", timestamp: earliest, part_type: "final", part_id: "" },
  { text: "Far ahead", timestamp: latest, part_type: "final" },
];

const runResults: RunResult[] = [
  {
    success: true,
    session_id: "ses_1",
    response_parts: responseParts,
    error_message: null,
    added_later: true,
  },
  { success: false, session_id: null, response_parts: [], error_message: "model not found" },
];

const exportResults: ExportResult[] = [
  {
    success: true,
    session_id: "ses_1",
    messages: [
      { message_id: "m1", role: "user", content_type: "text", content: "hi", timestamp: 5, added_later: "x" },
      {
        message_id: null,
        role: "assistant",
        content_type: "tool_use",
        content: "",
        timestamp: null,
        part_id: null,
      },
      {
        message_id: "",
        role: "assistant",
        content_type: "tool",
        content: "ok",
        timestamp: latest,
        call_id: "c",
      },
    ],
    error_message: null,
  },
  { success: false, session_id: "missing", messages: [], error_message: "no such session" },
  { success: true, session_id: "ses_2", messages: [] },
];

/** Sample values for every public schema; the type makes a newly added schema fail to compile until it has one. */
const samples: Record<keyof typeof apiPublicSchemas, unknown[]> = {
  AgentReply: [
    ...runResults.map((result) =>
      runResultToAgentReply(result, { messageId: "m", sentAtMs: 1_700_000_000_000 }),
    ),
    {
      messageId: "m",
      sent: "2023-11-14T22:13:20.000Z",
      response: "",
      prompt: "",
      sessionId: "s",
      added_later: 1,
    },
  ],
  AgentResponsePart: [...responseParts.map(responsePartToFrontend), { text: "", added_later: [] }],
  ResponsePartType: ["thinking", "tool", "final"],
  ChatHistoryMessage: [
    ...exportResults.flatMap((result) => exportResultToFrontend(result).messages),
    { role: "user", type: "text", content: "no timestamp key at all", added_later: null },
  ],
  HistoryRole: ["user", "assistant"],
  HistoryContentType: ["text", "tool", "tool_use"],
  ChatHistoryResponse: [
    ...exportResults.map(exportResultToFrontend),
    { sessionId: "s", messages: [], added_later: 2 },
  ],
  ChatSession: [{ id: "ses_1", title: "Fix the build", updated: "2 hours ago", added_later: "x" }],
  AgentStatus: [
    { processing: false },
    { processing: false, startedAt: null },
    { processing: true, startedAt: "2023-11-14T22:13:20.123Z", added_later: true },
  ],
  AgentSummary: [{ name: "build", type: "primary", details: ["edit"], added_later: {} }],
  RunResult: runResults,
  ResponsePart: responseParts,
  ExportResult: exportResults,
  HistoryMessage: exportResults.flatMap((result) => result.messages),
  SessionListResult: [
    {
      success: true,
      sessions: [{ session_id: "a", title: "t", updated: "now", added_later: 1 }],
      error_message: null,
    },
    { success: false, sessions: [], error_message: "opencode not installed", added_later: 2 },
  ],
  SessionInfo: [{ session_id: "a", title: "", updated: "" }],
  AgentListResult: [
    { success: true, agents: [{ name: "plan", agent_type: "primary", details: [], added_later: 1 }] },
    { success: false, agents: [], error_message: "failed" },
  ],
  AgentInfo: [{ name: "general", agent_type: "subagent", details: ["task", "read"] }],
  ModelListResult: [
    {
      success: true,
      models: [{ id: "fake/fake-model" }, { id: "sonnet", name: "Sonnet", description: "fast" }],
      current_model: "fake/fake-model",
    },
    { success: false, models: [], current_model: null, error_message: "not logged in", added_later: 1 },
  ],
  CliModel: [
    { id: "auto", name: "Auto" },
    { id: "x", added_later: true },
  ],
  EpochMilliseconds: [earliest, -1, 0, 1_700_000_000_123, latest],
  ResponsePartTool: [
    { name: "read", input: null, status: "running" },
    { name: "bash", input: "ls", status: "error", output: "denied", added_later: true },
  ],
  AgentBackend: ["parley", "claude-code", "opencode", "codex", "gemini"],
  AgentCliStatus: [
    {
      name: "codex",
      label: "Codex",
      availability: "too_old",
      command: "codex",
      path: "/usr/bin/codex",
      version: "0.1.0",
      minimumVersion: "0.169.0",
      message: "Codex 0.1.0 is older than 0.169.0",
      added_later: 1,
    },
  ],
};

describe("frontend and AgentCLI schemas", () => {
  it.each(Object.keys(samples))(
    "%s survives a trip over the wire unchanged, unknown fields included",
    (name) => {
      const schema = apiPublicSchemas[name as keyof typeof samples];
      for (const value of samples[name as keyof typeof samples]) {
        expect(overTheWire(schema, value)).toEqual({ success: true, value });
      }
    },
  );

  it.each(Object.keys(apiPublicSchemas))("%s converts to JSON Schema", (name) => {
    const schema = apiPublicSchemas[name as keyof typeof apiPublicSchemas];
    expect(() => z.toJSONSchema(schema, { unrepresentable: "any" })).not.toThrow();
    expect(() => z.toJSONSchema(schema, { unrepresentable: "any", io: "input" })).not.toThrow();
  });

  it("only accepts timestamps a Python datetime can hold, so conversion can never fail", () => {
    for (const outside of [earliest - 1, latest + 1, 1.5, Number.NaN]) {
      expect(EpochMillisecondsSchema.safeParse(outside).success).toBe(false);
    }
  });

  it("produces frontend values that pass the frontend schemas, even at the edges of the time range", () => {
    for (const result of runResults) {
      const reply = runResultToAgentReply(result, { messageId: "m", sentAtMs: earliest });
      expect(decodeWith(AgentReplySchema, reply)).toEqual({ success: true, value: reply });
    }
    for (const part of responseParts) {
      expect(AgentResponsePartSchema.safeParse(responsePartToFrontend(part)).success).toBe(true);
    }
    for (const result of exportResults) {
      expect(ChatHistoryResponseSchema.safeParse(exportResultToFrontend(result)).success).toBe(true);
    }
  });

  it("reports a wrong part type by its path instead of throwing", () => {
    const result = decodeWith(apiPublicSchemas.RunResult, {
      success: true,
      session_id: null,
      response_parts: [{ text: "x", timestamp: null, part_type: "answer" }],
      error_message: null,
    });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(result.error.issues.map((issue) => issue.path)).toEqual(["response_parts.0.part_type"]);
  });
});
