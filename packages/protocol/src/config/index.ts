/** Settings and model configuration. */
export type {
  AgentCliProtocol,
  AgentCliSettings,
  AgentClisSettings,
  ChildProcessSettings,
  EnvironmentVariableName,
} from "./child-process-settings.ts";
export {
  AgentCliProtocolSchema,
  AgentCliSettingsSchema,
  AgentClisSettingsSchema,
  ChildProcessSettingsSchema,
  EnvironmentVariableNameSchema,
} from "./child-process-settings.ts";
export type { IdlePromptSettings, IdlePromptSource, IdlePromptStatus } from "./idle-prompt-settings.ts";
export {
  IdlePromptSettingsSchema,
  IdlePromptSourceSchema,
  IdlePromptStatusSchema,
} from "./idle-prompt-settings.ts";
export { configPublicSchemas } from "./public-schemas.ts";
export type {
  AnthropicProviderSettings,
  ModelRef,
  OpenAICompatibleEndpoint,
  OpenAIProviderSettings,
  ParleySettings,
  ProvidersSettings,
} from "./settings.ts";
export {
  AnthropicProviderSettingsSchema,
  decodeParleySettings,
  ModelRefSchema,
  OpenAICompatibleEndpointSchema,
  OpenAIProviderSettingsSchema,
  ParleySettingsSchema,
  ProvidersSettingsSchema,
  RESERVED_PROVIDER_IDS,
} from "./settings.ts";
