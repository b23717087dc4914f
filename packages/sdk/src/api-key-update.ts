import type { ParleySettings, SettingsUpdate } from "@parley/protocol";

/** The environment variable each hosted provider's key may come from instead of the settings. */
export const API_KEY_VARIABLES: Readonly<Record<string, string>> = {
  anthropic: "ANTHROPIC_API_KEY",
  openai: "OPENAI_API_KEY",
};

/**
 * The settings update that sets (or, with `null`, removes) one provider's key. OpenAI-compatible endpoints
 * live in an array the server replaces whole; endpoints sent without `api_key` keep their stored key, and
 * the one sent with `api_key: null` loses it.
 */
export function apiKeyUpdate(provider: string, key: string | null, settings: ParleySettings): SettingsUpdate {
  if (provider in API_KEY_VARIABLES) return { providers: { [provider]: { api_key: key } } };
  const endpoints = settings.providers?.openai_compatible ?? [];
  return {
    providers: {
      openai_compatible: endpoints.map((endpoint) =>
        endpoint.id === provider ? { ...endpoint, api_key: key } : endpoint,
      ),
    },
  };
}
