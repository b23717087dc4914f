/** Which client library speaks to a provider: Anthropic Messages, OpenAI Chat Completions, or neither. */
export type ProviderKind = "anthropic" | "openai" | "openai-compatible" | "demo";

/**
 * Where a resolved model choice came from, in precedence order (first wins): a per-run override,
 * `PARLEY_MODEL` (or `PARLEY_FALLBACK_MODEL`), the settings file, an API key found, the demo default.
 */
export type ModelSource = "override" | "env" | "settings" | "api_key" | "default";

/** Where the API key came from: an environment variable, the settings file, or nowhere. */
export type CredentialSource = "env" | "settings" | "none";

/**
 * Everything needed to build a language model: the provider, the model id and its endpoint and key.
 * Built by `resolveModelConfig`; holds a secret, so log `describeModel(config)` instead.
 */
export interface ModelConfig {
  kind: ProviderKind;
  /** The provider id as written in the reference: `anthropic`, `openai`, `ollama`, `demo`, ... */
  provider: string;
  /** The provider's model id, e.g. `claude-sonnet-5-5` or `qwen3:8b`. */
  model: string;
  /** API base URL including the version path (`.../v1`); absent means the provider's default. */
  baseUrl?: string;
  apiKey?: string;
  apiKeySource: CredentialSource;
  source: ModelSource;
  /** The demo model's: the settings file in use, named in its answer (`PARLEY_HOME` moves it). */
  settingsFile?: string;
}

/** The `provider:model` reference of a config, as users write it. */
export function modelRef(config: Pick<ModelConfig, "provider" | "model" | "kind">): string {
  return config.kind === "demo" ? "demo" : `${config.provider}:${config.model}`;
}
