import type { AgentCliName, AgentCliStatus } from "@parley/protocol";
import type { AgentCli, AgentCliConfig } from "./agent-cli.ts";
import { ClaudeCodeCli } from "./claude-code/claude-code-cli.ts";
import { CodexCli } from "./codex/codex-cli.ts";
import { GeminiCli } from "./gemini/gemini-cli.ts";
import { OpenCodeCli } from "./opencode/opencode-cli.ts";

/** The adapter for one agent CLI. */
export function createAgentCli(name: AgentCliName, config: AgentCliConfig): AgentCli {
  switch (name) {
    case "claude-code":
      return new ClaudeCodeCli(config);
    case "opencode":
      return new OpenCodeCli(config);
    case "codex":
      return new CodexCli(config);
    case "gemini":
      return new GeminiCli(config);
  }
}

/** Every agent CLI Parley has an adapter for, in the order Settings lists them. */
export const AGENT_CLI_NAMES: readonly AgentCliName[] = ["claude-code", "opencode", "codex", "gemini"];

/** Which agent CLIs are installed (on `env`'s PATH), with their versions; `configs` sets a CLI's own. */
export function discoverAgentClis(
  env: NodeJS.ProcessEnv,
  configs: Partial<Record<AgentCliName, AgentCliConfig>> = {},
): Promise<AgentCliStatus[]> {
  return Promise.all(
    AGENT_CLI_NAMES.map((name) => createAgentCli(name, configs[name] ?? { env }).discover()),
  );
}
