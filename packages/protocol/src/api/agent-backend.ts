import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/**
 * Who answers a session: Parley's built-in engine (`parley`) or an installed external agent CLI driven through
 * its adapter. Chosen when the session is created.
 */
export const AgentBackendSchema = lazySchema(() =>
  z.enum(["parley", "claude-code", "opencode", "codex", "gemini"]),
);
export type AgentBackend = z.infer<typeof AgentBackendSchema>;

/** The external agent CLIs, i.e. every backend except Parley's own engine. */
export const AgentCliNameSchema = lazySchema(() => AgentBackendSchema.exclude(["parley"]));
export type AgentCliName = z.infer<typeof AgentCliNameSchema>;

/** Each backend's product name, as people know it ("Codex", "Gemini CLI"); Parley's own engine is "Parley". */
export const AGENT_BACKEND_LABELS: Readonly<Record<AgentBackend, string>> = {
  parley: "Parley",
  "claude-code": "Claude Code",
  opencode: "OpenCode",
  codex: "Codex",
  gemini: "Gemini CLI",
};

/**
 * A value Parley hands an agent CLI as a command-line argument (a model, an agent, a session id): it must
 * never be read as an option (no leading `-`, so `--yolo` is refused) and holds no control characters.
 */
export const CliArgumentValueSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^(?!-)/, "must not start with '-' (a CLI would read it as an option)")
    .regex(/^\P{Cc}*$/u, "must not contain control characters"),
);
export type CliArgumentValue = z.infer<typeof CliArgumentValueSchema>;
