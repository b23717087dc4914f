import { type AgentCli, createAgentCli } from "@parley/agent-clis";
import type { EnvironmentVariables } from "@parley/engine";
import { type AgentBackend, AgentBackendSchema, type AgentCliName } from "@parley/protocol";

/** Environment variables naming each agent CLI's executable when it is not on PATH. */
const COMMAND_VARIABLES: Record<AgentCliName, string> = {
  "claude-code": "PARLEY_CLAUDE_CODE_COMMAND",
  opencode: "PARLEY_OPENCODE_COMMAND",
  codex: "PARLEY_CODEX_COMMAND",
  gemini: "PARLEY_GEMINI_COMMAND",
};

/**
 * The backend a session gets when its creator names none: `PARLEY_BACKEND` (what `parley serve --backend`
 * sets), else Parley's own engine. An unknown value falls back to the engine rather than failing every chat.
 */
export function defaultBackend(env: EnvironmentVariables): AgentBackend {
  const parsed = AgentBackendSchema.safeParse(env.PARLEY_BACKEND);
  return parsed.success ? parsed.data : "parley";
}

/**
 * The adapter that runs a session's messages through an external agent CLI. The CLI gets the server's
 * environment as it is (its own config and credentials stay its own); `PARLEY_<CLI>_COMMAND` may name its
 * executable.
 */
export function agentCliFor(name: AgentCliName, env: EnvironmentVariables): AgentCli {
  const processEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  const command = processEnv[COMMAND_VARIABLES[name]];
  return createAgentCli(name, { env: processEnv, ...(command && { command }) });
}
