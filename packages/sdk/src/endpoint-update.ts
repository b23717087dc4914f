import type { OpenAICompatibleEndpoint, ParleySettings, SettingsUpdate } from "@parley/protocol";

/**
 * The settings update that adds an OpenAI-compatible endpoint after the others, or replaces the one with its
 * id where it is. The server replaces the array whole: build it from settings read just before, since
 * another client may have changed them. The endpoints sent as the page sees them (without keys) keep their
 * stored keys (the replaced one only while its base URL keeps its scheme, host and port), and the new one carries a
 * key only when one was typed.
 */
export function endpointAddUpdate(
  endpoint: OpenAICompatibleEndpoint,
  settings: ParleySettings,
): SettingsUpdate {
  const endpoints = settings.providers?.openai_compatible ?? [];
  const replaced = endpoints.some((entry) => entry.id === endpoint.id);
  return {
    providers: {
      openai_compatible: replaced
        ? endpoints.map((entry) => (entry.id === endpoint.id ? endpoint : entry))
        : [...endpoints, endpoint],
    },
  };
}

/** The settings update that removes the endpoint `id` (and its stored key) from the settings. */
export function endpointRemoveUpdate(id: string, settings: ParleySettings): SettingsUpdate {
  const others = (settings.providers?.openai_compatible ?? []).filter((entry) => entry.id !== id);
  return { providers: { openai_compatible: others } };
}

/** The models of an endpoint as typed, one list: "qwen3:8b, llama3.3" → `["qwen3:8b", "llama3.3"]`. */
export function modelList(typed: string): string[] {
  return [
    ...new Set(
      typed
        .split(/[,\s]+/)
        .map((model) => model.trim())
        .filter(Boolean),
    ),
  ];
}
