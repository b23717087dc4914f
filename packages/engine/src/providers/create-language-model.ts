import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { ModelConfig } from "../config/model-config.ts";
import { ModelConfigError } from "../config/model-config-error.ts";
import { DemoLanguageModel, type DemoModelOptions } from "./demo/demo-language-model.ts";
import { LazyLanguageModel } from "./lazy-language-model.ts";

const ANTHROPIC_API_URL = "https://api.anthropic.com/v1";
const OPENAI_API_URL = "https://api.openai.com/v1";

/** Ways to adjust how a model is built: a custom fetch, extra headers, the demo model's pacing. */
export interface CreateLanguageModelOptions {
  fetch?: typeof globalThis.fetch;
  headers?: Record<string, string>;
  demo?: DemoModelOptions;
}

/**
 * Builds the AI SDK language model (specification v3) for a config: `@ai-sdk/anthropic`, the OpenAI
 * Chat Completions model of `@ai-sdk/openai`, `@ai-sdk/openai-compatible`, or the offline demo model. A
 * config that cannot work (no key, no base URL) throws here; the provider package loads on the first call.
 */
export function createLanguageModel(
  config: ModelConfig,
  options: CreateLanguageModelOptions = {},
): LanguageModelV3 {
  const common = {
    ...(options.fetch && { fetch: options.fetch }),
    ...(options.headers && { headers: options.headers }),
  };
  // The base URL is always given: left out, the provider packages would read ANTHROPIC_BASE_URL and
  // OPENAI_BASE_URL from process.env themselves, bypassing resolveModelConfig's rules.
  switch (config.kind) {
    case "anthropic": {
      const apiKey = requireApiKey(config);
      return new LazyLanguageModel("anthropic.messages", config.model, async () => {
        const { createAnthropic } = await import("@ai-sdk/anthropic");
        return createAnthropic({ ...common, baseURL: config.baseUrl ?? ANTHROPIC_API_URL, apiKey })(
          config.model,
        );
      });
    }
    case "openai": {
      const apiKey = requireApiKey(config);
      return new LazyLanguageModel("openai.chat", config.model, async () => {
        const { createOpenAI } = await import("@ai-sdk/openai");
        return createOpenAI({ ...common, baseURL: config.baseUrl ?? OPENAI_API_URL, apiKey }).chat(
          config.model,
        );
      });
    }
    case "openai-compatible": {
      const baseURL = config.baseUrl;
      if (!baseURL) throw new ModelConfigError(`${config.provider} has no base URL`);
      return new LazyLanguageModel(`${config.provider}.chat`, config.model, async () => {
        const { createOpenAICompatible } = await import("@ai-sdk/openai-compatible");
        return createOpenAICompatible({
          ...common,
          baseURL,
          name: config.provider,
          ...(config.apiKey && { apiKey: config.apiKey }),
          includeUsage: true,
        })(config.model);
      });
    }
    case "demo":
      return new DemoLanguageModel({
        ...options.demo,
        ...(config.settingsFile !== undefined && { settingsFile: config.settingsFile }),
      });
  }
}

function requireApiKey(config: ModelConfig): string {
  if (!config.apiKey) throw new ModelConfigError(`${config.provider}:${config.model} has no API key`);
  return config.apiKey;
}
