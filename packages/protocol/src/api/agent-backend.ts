import { z } from "zod";

/**
 * Who answers a session: Parley's built-in engine (`parley`) or an installed external agent CLI driven through
 * its adapter. Chosen when the session is created.
 */
export const AgentBackendSchema = z.enum(["parley", "claude-code", "opencode", "codex", "gemini"]);
export type AgentBackend = z.infer<typeof AgentBackendSchema>;

/** The external agent CLIs, i.e. every backend except Parley's own engine. */
export const AgentCliNameSchema = AgentBackendSchema.exclude(["parley"]);
export type AgentCliName = z.infer<typeof AgentCliNameSchema>;

/** Each backend's product name, as people know it ("Codex", "Gemini CLI"); Parley's own engine is "Parley". */
export const AGENT_BACKEND_LABELS: Readonly<Record<AgentBackend, string>> = {
  parley: "Parley",
  "claude-code": "Claude Code",
  opencode: "OpenCode",
  codex: "Codex",
  gemini: "Gemini CLI",
};
