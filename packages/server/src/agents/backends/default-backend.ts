import type { EnvironmentVariables } from "@parley/engine";
import { type AgentBackend, AgentBackendSchema } from "@parley/protocol";

/**
 * The backend a session gets when its creator names none: `PARLEY_BACKEND` (what `parley serve --backend`
 * sets), else Parley's own engine. An unknown value falls back to the engine rather than failing every chat.
 */
export function defaultBackend(env: EnvironmentVariables): AgentBackend {
  const parsed = AgentBackendSchema.safeParse(env.PARLEY_BACKEND);
  return parsed.success ? parsed.data : "parley";
}
