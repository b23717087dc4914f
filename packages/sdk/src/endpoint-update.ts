import type { OpenAICompatibleEndpoint, ParleySettings, SettingsUpdate } from "@parley/protocol";

/**
 * The settings update that adds an OpenAI-compatible endpoint, or replaces the one with its id. The server
 * replaces the array whole; the endpoints sent as the page sees them (without keys) keep their stored keys,
 * and the new one carries its key only when one was typed.
 */
export function endpointAddUpdate(
  endpoint: OpenAICompatibleEndpoint,
  settings: ParleySettings,
): SettingsUpdate {
  const others = (settings.providers?.openai_compatible ?? []).filter((entry) => entry.id !== endpoint.id);
  return { providers: { openai_compatible: [...others, endpoint] } };
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
