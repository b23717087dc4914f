import type { z } from "zod";
import { ApiErrorBodySchema } from "./api-error.ts";
import { AskUserResponseRequestSchema, AskUserResponseSchema } from "./ask-user.ts";
import { ChatRequestSchema, ChatResponseSchema } from "./chat.ts";
import { HealthSchema, LoginUrlSchema } from "./health.ts";
import {
  ActiveMissionSchema,
  AgentOverrideSchema,
  MissionHistorySchema,
  SetAgentOverrideRequestSchema,
  SetMissionRequestSchema,
} from "./missions.ts";
import {
  AgentCancelRequestSchema,
  AgentCancelResponseSchema,
  AgentContextSchema,
  AgentRunListSchema,
  AgentRunSchema,
} from "./runs.ts";
import { SessionListSchema, SessionStateSchema, StoredMessageSchema } from "./session-state.ts";
import {
  CreateSessionRequestSchema,
  RenameSessionRequestSchema,
  SendMessageRequestSchema,
} from "./sessions.ts";
import { SettingsViewSchema } from "./settings-view.ts";
import { WorkspaceTreeSchema } from "./workspace.ts";

/** Request and response bodies of the HTTP API, by stable name (the OpenAPI document has the routes). */
export const httpPublicSchemas: Record<string, z.ZodType> = {
  ActiveMission: ActiveMissionSchema,
  AgentCancelRequest: AgentCancelRequestSchema,
  AgentCancelResponse: AgentCancelResponseSchema,
  AgentContext: AgentContextSchema,
  AgentOverride: AgentOverrideSchema,
  AgentRun: AgentRunSchema,
  AgentRunList: AgentRunListSchema,
  ApiErrorBody: ApiErrorBodySchema,
  AskUserResponse: AskUserResponseSchema,
  AskUserResponseRequest: AskUserResponseRequestSchema,
  ChatRequest: ChatRequestSchema,
  ChatResponse: ChatResponseSchema,
  CreateSessionRequest: CreateSessionRequestSchema,
  Health: HealthSchema,
  LoginUrl: LoginUrlSchema,
  MissionHistory: MissionHistorySchema,
  RenameSessionRequest: RenameSessionRequestSchema,
  SendMessageRequest: SendMessageRequestSchema,
  SessionList: SessionListSchema,
  SessionState: SessionStateSchema,
  SetAgentOverrideRequest: SetAgentOverrideRequestSchema,
  SetMissionRequest: SetMissionRequestSchema,
  SettingsView: SettingsViewSchema,
  StoredMessage: StoredMessageSchema,
  WorkspaceTree: WorkspaceTreeSchema,
};
