import type { z } from "zod";
import { AgentBackendSchema } from "./agent-backend.ts";
import { AgentCliStatusSchema } from "./agent-cli-status.ts";
import { AgentInfoSchema } from "./agent-info.ts";
import { AgentListResultSchema } from "./agent-list-result.ts";
import { AgentReplySchema } from "./agent-reply.ts";
import { AgentResponsePartSchema, ResponsePartTypeSchema } from "./agent-response-part.ts";
import { AgentStatusSchema } from "./agent-status.ts";
import { AgentSummarySchema } from "./agent-summary.ts";
import {
  ChatHistoryMessageSchema,
  HistoryContentTypeSchema,
  HistoryRoleSchema,
} from "./chat-history-message.ts";
import { ChatHistoryResponseSchema } from "./chat-history-response.ts";
import { ChatSessionSchema } from "./chat-session.ts";
import { EpochMillisecondsSchema } from "./epoch-milliseconds.ts";
import { ExportResultSchema } from "./export-result.ts";
import { HistoryMessageSchema } from "./history-message.ts";
import { CliModelSchema, ModelListResultSchema } from "./model-list-result.ts";
import { ResponsePartSchema } from "./response-part.ts";
import { ResponsePartToolSchema } from "./response-part-tool.ts";
import { RunResultSchema } from "./run-result.ts";
import { SessionInfoSchema } from "./session-info.ts";
import { SessionListResultSchema } from "./session-list-result.ts";

/** Every public schema of the frontend and AgentCLI contracts (seed 003) under a stable name, for JSON Schema export. */
export const apiPublicSchemas = {
  AgentReply: AgentReplySchema,
  AgentResponsePart: AgentResponsePartSchema,
  ResponsePartType: ResponsePartTypeSchema,
  ChatHistoryMessage: ChatHistoryMessageSchema,
  HistoryRole: HistoryRoleSchema,
  HistoryContentType: HistoryContentTypeSchema,
  ChatHistoryResponse: ChatHistoryResponseSchema,
  ChatSession: ChatSessionSchema,
  AgentStatus: AgentStatusSchema,
  AgentSummary: AgentSummarySchema,
  RunResult: RunResultSchema,
  ResponsePart: ResponsePartSchema,
  ResponsePartTool: ResponsePartToolSchema,
  AgentBackend: AgentBackendSchema,
  AgentCliStatus: AgentCliStatusSchema,
  ExportResult: ExportResultSchema,
  HistoryMessage: HistoryMessageSchema,
  SessionListResult: SessionListResultSchema,
  SessionInfo: SessionInfoSchema,
  AgentListResult: AgentListResultSchema,
  AgentInfo: AgentInfoSchema,
  ModelListResult: ModelListResultSchema,
  CliModel: CliModelSchema,
  EpochMilliseconds: EpochMillisecondsSchema,
} satisfies Record<string, z.ZodType>;
