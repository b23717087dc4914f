import type { z } from "zod";
import { AgentDefinitionSchema } from "./agent-definition.ts";
import { BetaMessageSchema, BetaStopReasonSchema } from "./beta-message.ts";
import { BetaUsageSchema, NonNullableUsageSchema } from "./beta-usage.ts";
import { BetaContentBlockSchema, ContentBlockParamSchema, ContentBlockSchema } from "./content-block.ts";
import {
  SDKControlCancelRequestSchema,
  SDKControlResponseSchema,
  SDKKeepAliveMessageSchema,
} from "./control/control-frames.ts";
import { SDKControlRequestInnerSchema, SDKControlRequestSchema } from "./control/control-request.ts";
import { SDKControlPermissionRequestSchema, SDKHookCallbackRequestSchema } from "./control/host-requests.ts";
import {
  SDKControlInitializeRequestSchema,
  SDKControlInitializeResponseSchema,
} from "./control/initialize.ts";
import {
  ApiKeySourceSchema,
  EffortLevelSchema,
  ExitReasonSchema,
  FastModeDisabledReasonSchema,
  FastModeStateSchema,
  HookEventSchema,
  HookPermissionDecisionSchema,
  PermissionBehaviorSchema,
  PermissionDecisionClassificationSchema,
  PermissionModeSchema,
  PermissionUpdateDestinationSchema,
  SDKAssistantMessageErrorSchema,
  SDKStartupFailureReasonSchema,
  SdkBetaSchema,
  SettingSourceSchema,
  TerminalReasonSchema,
} from "./enums.ts";
import { HookInputSchema } from "./hook-input.ts";
import { HookJSONOutputSchema } from "./hook-output.ts";
import { McpServerConfigForProcessTransportSchema } from "./mcp-server-config.ts";
import { MessageParamSchema } from "./message-param.ts";
import { ModelUsageSchema } from "./model-usage.ts";
import { PermissionResultSchema, PermissionUpdateSchema } from "./permissions.ts";
import {
  OutputFormatSchema,
  QueryOptionsSchema,
  SystemPromptConfigSchema,
  ThinkingConfigSchema,
} from "./query-options.ts";
import { SDKResultMessageSchema } from "./result-message.ts";
import { SandboxSettingsSchema } from "./sandbox-settings.ts";
import { SDK_MESSAGE_SCHEMAS, SDKMessageSchema } from "./sdk-message.ts";
import { SDKActiveGoalMessageSchema } from "./session-event-messages.ts";
import { BetaRawMessageStreamEventSchema, MessagesApiStreamEventSchema } from "./stream-event.ts";

/**
 * Every public schema of the Claude Agent SDK protocol (seed 004) under a stable name, for JSON Schema
 * export. Callbacks in QueryOptions render as `{}` (they are not JSON).
 */
export const sdkPublicSchemas = {
  SDKMessage: SDKMessageSchema,
  ...SDK_MESSAGE_SCHEMAS,
  SDKResultMessage: SDKResultMessageSchema,
  SDKActiveGoalMessage: SDKActiveGoalMessageSchema,
  ContentBlock: ContentBlockSchema,
  BetaContentBlock: BetaContentBlockSchema,
  ContentBlockParam: ContentBlockParamSchema,
  BetaMessage: BetaMessageSchema,
  BetaUsage: BetaUsageSchema,
  NonNullableUsage: NonNullableUsageSchema,
  ModelUsage: ModelUsageSchema,
  MessageParam: MessageParamSchema,
  BetaRawMessageStreamEvent: BetaRawMessageStreamEventSchema,
  MessagesApiStreamEvent: MessagesApiStreamEventSchema,
  SDKControlRequest: SDKControlRequestSchema,
  SDKControlRequestInner: SDKControlRequestInnerSchema,
  SDKControlResponse: SDKControlResponseSchema,
  SDKControlCancelRequest: SDKControlCancelRequestSchema,
  SDKKeepAliveMessage: SDKKeepAliveMessageSchema,
  SDKControlInitializeRequest: SDKControlInitializeRequestSchema,
  SDKControlInitializeResponse: SDKControlInitializeResponseSchema,
  SDKControlPermissionRequest: SDKControlPermissionRequestSchema,
  SDKHookCallbackRequest: SDKHookCallbackRequestSchema,
  PermissionResult: PermissionResultSchema,
  HookInput: HookInputSchema,
  HookJSONOutput: HookJSONOutputSchema,
  PermissionUpdate: PermissionUpdateSchema,
  QueryOptions: QueryOptionsSchema,
  AgentDefinition: AgentDefinitionSchema,
  McpServerConfigForProcessTransport: McpServerConfigForProcessTransportSchema,
  SandboxSettings: SandboxSettingsSchema,
  ThinkingConfig: ThinkingConfigSchema,
  SystemPromptConfig: SystemPromptConfigSchema,
  OutputFormat: OutputFormatSchema,
  PermissionMode: PermissionModeSchema,
  HookEvent: HookEventSchema,
  ExitReason: ExitReasonSchema,
  ApiKeySource: ApiKeySourceSchema,
  TerminalReason: TerminalReasonSchema,
  SDKAssistantMessageError: SDKAssistantMessageErrorSchema,
  FastModeState: FastModeStateSchema,
  FastModeDisabledReason: FastModeDisabledReasonSchema,
  EffortLevel: EffortLevelSchema,
  SettingSource: SettingSourceSchema,
  SDKStartupFailureReason: SDKStartupFailureReasonSchema,
  PermissionBehavior: PermissionBehaviorSchema,
  PermissionUpdateDestination: PermissionUpdateDestinationSchema,
  PermissionDecisionClassification: PermissionDecisionClassificationSchema,
  HookPermissionDecision: HookPermissionDecisionSchema,
  SdkBeta: SdkBetaSchema,
  BetaStopReason: BetaStopReasonSchema,
} satisfies Record<string, z.ZodType>;
