import type { AgentCliName, ParleySettings } from "@parley/protocol";
import { parleySecrets } from "../config/parley-secrets.ts";
import type { EnvironmentVariables } from "../config/resolve-model-config.ts";
import { type ChildEnvironment, childEnvironment } from "./child-environment.ts";

/** The kinds of child process Parley starts: each agent CLI, shell commands, MCP servers and git. */
export type ChildProcessKind = AgentCliName | "shell" | "mcp" | "git";

/**
 * The environment of one kind of child under the person's settings: the keys stored there are withheld
 * too, and what they pass on to that kind (`agent_clis.<name>.pass_env`, `shell.pass_env`) is kept. MCP
 * servers have no such list (each entry of the person's own `mcp.json` sets what it needs in its `env`), nor
 * has git, which Parley runs for itself.
 */
export function childEnvironmentFor(
  kind: ChildProcessKind,
  env: EnvironmentVariables,
  settings: ParleySettings,
  secretValues: readonly string[] = [],
): ChildEnvironment {
  const passEnv =
    kind === "mcp" || kind === "git"
      ? []
      : kind === "shell"
        ? settings.shell?.pass_env
        : settings.agent_clis?.[kind]?.pass_env;
  return childEnvironment(env, {
    secretValues: [...parleySecrets({ env, settings }).values, ...secretValues],
    ...(passEnv && { passEnv }),
  });
}
