import { type AcpProcessPool, type AgentCli, createAgentCli } from "@parley/agent-clis";
import { settingsPath } from "@parley/engine";
import type { AgentCliName } from "@parley/protocol";
import type { ChildEnvironments } from "../../children/child-environments.ts";

/** Environment variables naming each agent CLI's executable when it is not on PATH. */
const COMMAND_VARIABLES: Record<AgentCliName, string> = {
  "claude-code": "PARLEY_CLAUDE_CODE_COMMAND",
  opencode: "PARLEY_OPENCODE_COMMAND",
  codex: "PARLEY_CODEX_COMMAND",
  gemini: "PARLEY_GEMINI_COMMAND",
};

/**
 * The adapter that runs a session's messages through an external agent CLI. The CLI gets the person's
 * environment minus Parley's secrets, plus what their settings pass on to it (its own config and credentials
 * stay its own); `PARLEY_<CLI>_COMMAND` may name its executable, and `agent_clis.<name>.protocol` how Parley
 * talks to it (ACP or its headless stream). When it fails, its error says which
 * variables it was not given and how to pass them on.
 */
export async function openAgentCli(
  name: AgentCliName,
  context: { children: ChildEnvironments; home: string; acpProcesses?: AcpProcessPool },
): Promise<AgentCli> {
  // One read of the settings: the environment and the protocol come from the same version of them.
  const { environment, settings } = await context.children.withSettings(name);
  const { env, withheld } = environment;
  const command = env[COMMAND_VARIABLES[name]];
  const failureHint = withheldVariablesHint(name, withheld, context.home);
  // Unreadable settings leave each CLI on its default protocol (the Settings page says why they are unreadable).
  const protocol = settings.agent_clis?.[name]?.protocol;
  return createAgentCli(name, {
    env,
    ...(command && { command }),
    ...(failureHint && { failureHint }),
    ...(protocol && { protocol }),
    ...(context.acpProcesses && { acpProcesses: context.acpProcesses }),
  });
}

/**
 * What a failed run's error adds when the CLI was not given some of the person's variables: which ones, and
 * how to pass them on (a CLI that authenticates with one of them fails for that reason).
 */
export function withheldVariablesHint(
  name: AgentCliName,
  withheld: readonly string[],
  home: string,
): string | null {
  if (withheld.length === 0) return null;
  const them = withheld.length === 1 ? "it" : "them";
  return (
    `Parley did not pass ${withheld.join(", ")} on: it keeps its own secrets from every program it starts. ` +
    `If ${name} needs ${them}, list ${them} under "agent_clis": { "${name}": { "pass_env": [...] } } in ` +
    `${settingsPath(home)}.`
  );
}
