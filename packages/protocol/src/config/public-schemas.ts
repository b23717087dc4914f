import type { z } from "zod";
import {
  AgentCliProtocolSchema,
  AgentCliSettingsSchema,
  AgentClisSettingsSchema,
  ChildProcessSettingsSchema,
  EnvironmentVariableNameSchema,
} from "./child-process-settings.ts";
import { IdlePromptSettingsSchema, IdlePromptStatusSchema } from "./idle-prompt-settings.ts";
import {
  AnthropicProviderSettingsSchema,
  ModelRefSchema,
  OpenAICompatibleEndpointSchema,
  OpenAIProviderSettingsSchema,
  ParleySettingsSchema,
  ProvidersSettingsSchema,
} from "./settings.ts";

/** The settings file's schemas (`PARLEY_HOME/settings.json`), by stable name. */
export const configPublicSchemas: Record<string, z.ZodType> = {
  AgentCliProtocol: AgentCliProtocolSchema,
  AgentCliSettings: AgentCliSettingsSchema,
  AgentClisSettings: AgentClisSettingsSchema,
  AnthropicProviderSettings: AnthropicProviderSettingsSchema,
  ChildProcessSettings: ChildProcessSettingsSchema,
  EnvironmentVariableName: EnvironmentVariableNameSchema,
  IdlePromptSettings: IdlePromptSettingsSchema,
  IdlePromptStatus: IdlePromptStatusSchema,
  ModelRef: ModelRefSchema,
  OpenAICompatibleEndpoint: OpenAICompatibleEndpointSchema,
  OpenAIProviderSettings: OpenAIProviderSettingsSchema,
  ParleySettings: ParleySettingsSchema,
  ProvidersSettings: ProvidersSettingsSchema,
};
