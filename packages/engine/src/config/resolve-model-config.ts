import type { ParleySettings } from "@parley/protocol";
import type { CredentialSource, ModelConfig, ModelSource } from "./model-config.ts";
import { ModelConfigError } from "./model-config-error.ts";
import { parseModelRef } from "./parse-model-ref.ts";

/** Environment variables as `process.env` holds them. */
export type EnvironmentVariables = Readonly<Record<string, string | undefined>>;

/** What `resolveModelConfig` chooses from. */
export interface ResolveModelConfigOptions {
  env: EnvironmentVariables;
  settings: ParleySettings;
  /** A reference chosen for this run (a CLI flag, a per-agent model); beats everything else. */
  override?: string;
  /** Where the settings were read from; the demo model names it in its answer. */
  settingsFile?: string;
}

/** The Anthropic model used when only `ANTHROPIC_API_KEY` is set (Claude Code's default too). */
export const DEFAULT_ANTHROPIC_MODEL = "claude-opus-5-5";
/** The OpenAI model used when only `OPENAI_API_KEY` is set. */
export const DEFAULT_OPENAI_MODEL = "gpt-5.5";

/** Local OpenAI-compatible servers usable by id without configuration, at their default ports. */
export const WELL_KNOWN_LOCAL_ENDPOINTS: Readonly<Record<string, string>> = {
  ollama: "http://127.0.0.1:11434/v1",
  lmstudio: "http://127.0.0.1:1234/v1",
  llamacpp: "http://127.0.0.1:8080/v1",
  vllm: "http://127.0.0.1:8000/v1",
};

/**
 * Picks the model for a run: `override` > `PARLEY_MODEL` > `settings.model` > an Anthropic key
 * (env or settings) > an OpenAI key > the offline demo model. Pure; throws `ModelConfigError`.
 */
export function resolveModelConfig(options: ResolveModelConfigOptions): ModelConfig {
  const { env, settings } = options;
  const chosen =
    present(options.override, "override") ??
    present(env.PARLEY_MODEL, "env") ??
    present(settings.model, "settings");
  if (chosen) {
    const config = modelConfigFromRef(chosen.reference, { env, settings, source: chosen.source });
    return withSettingsFile(config, options.settingsFile);
  }
  if (anthropicCredentials(env, settings).apiKey) {
    return modelConfigFromRef(`anthropic:${DEFAULT_ANTHROPIC_MODEL}`, { env, settings, source: "api_key" });
  }
  if (openaiCredentials(env, settings).apiKey) {
    return modelConfigFromRef(`openai:${DEFAULT_OPENAI_MODEL}`, { env, settings, source: "api_key" });
  }
  const demo = modelConfigFromRef("demo", { env, settings, source: "default" });
  return withSettingsFile(demo, options.settingsFile);
}

function withSettingsFile(config: ModelConfig, settingsFile: string | undefined): ModelConfig {
  return config.kind === "demo" && settingsFile !== undefined ? { ...config, settingsFile } : config;
}

/**
 * The model to fall back to after retries are exhausted: `override` > `PARLEY_FALLBACK_MODEL` >
 * `settings.fallback_model`, or none.
 */
export function resolveFallbackModelConfig(options: ResolveModelConfigOptions): ModelConfig | undefined {
  const { env, settings } = options;
  const chosen =
    present(options.override, "override") ??
    present(env.PARLEY_FALLBACK_MODEL, "env") ??
    present(settings.fallback_model, "settings");
  return chosen && modelConfigFromRef(chosen.reference, { env, settings, source: chosen.source });
}

/**
 * Builds the config for one `provider:model` reference, taking keys and URLs from the environment
 * first and the settings second (the official SDKs' variables always win over the file).
 */
export function modelConfigFromRef(
  reference: string,
  context: { env: EnvironmentVariables; settings: ParleySettings; source: ModelSource },
): ModelConfig {
  const { env, settings, source } = context;
  const { provider, model } = parseModelRef(reference);
  switch (provider) {
    case "demo":
      if (model !== "demo")
        throw new ModelConfigError(`The demo provider has one model, "demo" (got "${model}")`);
      return { kind: "demo", provider, model, apiKeySource: "none", source };
    case "anthropic": {
      const credentials = anthropicCredentials(env, settings);
      requireKey(reference, credentials.apiKey, "ANTHROPIC_API_KEY", "providers.anthropic.api_key");
      return { kind: "anthropic", provider, model, ...credentials, source };
    }
    case "openai": {
      const credentials = openaiCredentials(env, settings);
      requireKey(reference, credentials.apiKey, "OPENAI_API_KEY", "providers.openai.api_key");
      return { kind: "openai", provider, model, ...credentials, source };
    }
  }
  const endpoint = settings.providers?.openai_compatible?.find((candidate) => candidate.id === provider);
  if (endpoint) {
    return {
      kind: "openai-compatible",
      provider,
      model,
      baseUrl: trimSlashes(endpoint.base_url),
      ...(endpoint.api_key && { apiKey: endpoint.api_key }),
      apiKeySource: endpoint.api_key ? "settings" : "none",
      source,
    };
  }
  const wellKnown = WELL_KNOWN_LOCAL_ENDPOINTS[provider];
  if (wellKnown) {
    return { kind: "openai-compatible", provider, model, baseUrl: wellKnown, apiKeySource: "none", source };
  }
  const configured = (settings.providers?.openai_compatible ?? []).map((candidate) => candidate.id);
  const known = ["anthropic", "openai", "demo", ...Object.keys(WELL_KNOWN_LOCAL_ENDPOINTS), ...configured];
  throw new ModelConfigError(
    `Unknown provider "${provider}" in "${reference}": use one of ${known.join(", ")}, ` +
      "or add an OpenAI-compatible endpoint with that id under providers.openai_compatible in settings",
  );
}

interface Credentials {
  apiKey?: string;
  baseUrl?: string;
  apiKeySource: CredentialSource;
}

function anthropicCredentials(env: EnvironmentVariables, settings: ParleySettings): Credentials {
  const stored = settings.providers?.anthropic;
  const rawUrl = envUrl(env, "ANTHROPIC_BASE_URL") ?? stored?.base_url;
  // ANTHROPIC_BASE_URL is the API root (as in the official SDK); the AI SDK wants the /v1 path.
  const baseUrl = rawUrl === undefined ? undefined : withVersionPath(trimSlashes(rawUrl));
  return withKey(nonEmpty(env.ANTHROPIC_API_KEY), stored?.api_key, baseUrl);
}

function openaiCredentials(env: EnvironmentVariables, settings: ParleySettings): Credentials {
  const stored = settings.providers?.openai;
  const rawUrl = envUrl(env, "OPENAI_BASE_URL") ?? stored?.base_url;
  return withKey(nonEmpty(env.OPENAI_API_KEY), stored?.api_key, rawUrl && trimSlashes(rawUrl));
}

function withKey(
  fromEnv: string | undefined,
  fromSettings: string | undefined,
  baseUrl?: string,
): Credentials {
  const apiKey = fromEnv ?? fromSettings;
  const apiKeySource: CredentialSource = fromEnv ? "env" : fromSettings ? "settings" : "none";
  return { ...(apiKey && { apiKey }), ...(baseUrl && { baseUrl }), apiKeySource };
}

function requireKey(reference: string, apiKey: string | undefined, variable: string, setting: string): void {
  if (!apiKey) {
    throw new ModelConfigError(`${reference} needs an API key: set ${variable} or ${setting} in settings`);
  }
}

function envUrl(env: EnvironmentVariables, name: string): string | undefined {
  const value = nonEmpty(env[name]);
  if (value === undefined) return undefined;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw new ModelConfigError(`${name} must be an http(s) URL, got "${value}"`);
  }
  return value;
}

function present(
  reference: string | undefined,
  source: ModelSource,
): { reference: string; source: ModelSource } | undefined {
  const value = nonEmpty(reference);
  return value === undefined ? undefined : { reference: value, source };
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function trimSlashes(url: string): string {
  return url.replace(/\/+$/, "");
}

function withVersionPath(url: string): string {
  return /\/v\d+$/.test(url) ? url : `${url}/v1`;
}
