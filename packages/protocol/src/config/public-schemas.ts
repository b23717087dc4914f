import type { z } from "zod";
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
  AnthropicProviderSettings: AnthropicProviderSettingsSchema,
  ModelRef: ModelRefSchema,
  OpenAICompatibleEndpoint: OpenAICompatibleEndpointSchema,
  OpenAIProviderSettings: OpenAIProviderSettingsSchema,
  ParleySettings: ParleySettingsSchema,
  ProvidersSettings: ProvidersSettingsSchema,
};
