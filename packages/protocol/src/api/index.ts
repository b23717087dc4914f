/** Frontend and AgentCLI contracts (seed 003). */
export type { AgentBackend, AgentCliName, CliArgumentValue } from "./agent-backend.ts";
export {
  AGENT_BACKEND_LABELS,
  AgentBackendSchema,
  AgentCliNameSchema,
  CliArgumentValueSchema,
} from "./agent-backend.ts";
export type { AgentCliParams, ExternalSessionParams } from "./agent-cli-requests.ts";
export { AgentCliParamsSchema, ExternalSessionParamsSchema } from "./agent-cli-requests.ts";
export type { AgentCliAvailability, AgentCliStatus } from "./agent-cli-status.ts";
export {
  AgentCliAvailabilitySchema,
  AgentCliStatusArraySchema,
  AgentCliStatusSchema,
} from "./agent-cli-status.ts";
export type { AgentInfo } from "./agent-info.ts";
export { AgentInfoSchema, agentInfoToFrontend } from "./agent-info.ts";
export type { AgentListResult } from "./agent-list-result.ts";
export { AgentListResultSchema, agentListResultToFrontend } from "./agent-list-result.ts";
export type { AgentReply } from "./agent-reply.ts";
export { AgentReplySchema } from "./agent-reply.ts";
export type { AgentResponsePart, ResponsePartType } from "./agent-response-part.ts";
export { AgentResponsePartSchema, ResponsePartTypeSchema } from "./agent-response-part.ts";
export type { AgentStatus } from "./agent-status.ts";
export { AgentStatusSchema } from "./agent-status.ts";
export type { AgentSummary } from "./agent-summary.ts";
export { AgentSummaryArraySchema, AgentSummarySchema } from "./agent-summary.ts";
export type { ChatHistoryMessage, HistoryContentType, HistoryRole } from "./chat-history-message.ts";
export {
  ChatHistoryMessageSchema,
  HistoryContentTypeSchema,
  HistoryRoleSchema,
} from "./chat-history-message.ts";
export type { ChatHistoryResponse } from "./chat-history-response.ts";
export { ChatHistoryResponseSchema } from "./chat-history-response.ts";
export type { ChatSession } from "./chat-session.ts";
export { ChatSessionArraySchema, ChatSessionSchema } from "./chat-session.ts";
export type { EpochMilliseconds } from "./epoch-milliseconds.ts";
export { EpochMillisecondsSchema } from "./epoch-milliseconds.ts";
export type { ExportResult } from "./export-result.ts";
export { ExportResultSchema, exportResultToFrontend } from "./export-result.ts";
export type { HistoryMessage } from "./history-message.ts";
export { HistoryMessageSchema, historyMessageToFrontend } from "./history-message.ts";
export type { CliModel, ModelListResult } from "./model-list-result.ts";
export { CliModelSchema, ModelListResultSchema } from "./model-list-result.ts";
export { apiPublicSchemas } from "./public-schemas.ts";
export type { ResponsePart } from "./response-part.ts";
export { ResponsePartSchema, responsePartToFrontend } from "./response-part.ts";
export type { ResponsePartTool, ResponsePartToolStatus } from "./response-part-tool.ts";
export { ResponsePartToolSchema, ResponsePartToolStatusSchema } from "./response-part-tool.ts";
export type { AgentReplyRequest, RunResult } from "./run-result.ts";
export { combinedResponse, RunResultSchema, runResultToAgentReply } from "./run-result.ts";
export type { SessionInfo } from "./session-info.ts";
export { SessionInfoSchema, sessionInfoToFrontend } from "./session-info.ts";
export type { SessionListResult } from "./session-list-result.ts";
export { SessionListResultSchema, sessionListResultToFrontend } from "./session-list-result.ts";
