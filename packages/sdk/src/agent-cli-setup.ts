import type { AgentCliName, AgentCliStatus } from "@parley/protocol";

/** How a person points one agent CLI at a model, a key or a proxy: in its own configuration, never Parley's. */
export interface AgentCliSetup {
  /** Where its model, key and endpoint are set, in a line. */
  model: string;
  /** The CLI's own documentation of that. */
  docs: string;
}

/** A CLI's availability in words, as Settings (web and terminal) shows it. */
export const AGENT_CLI_AVAILABILITY: Record<AgentCliStatus["availability"], string> = {
  installed: "installed",
  missing: "not installed",
  too_old: "too old",
  broken: "does not run",
};

/**
 * What Settings (web and terminal) says under each CLI. The full recipes (the same ones the tests use to run each CLI
 * against a fake model server) are in packages/agent-clis/README.md.
 */
export const AGENT_CLI_SETUP: Record<AgentCliName, AgentCliSetup> = {
  "claude-code": {
    model:
      'Sign in with claude, or set ANTHROPIC_API_KEY; a proxy or gateway with ANTHROPIC_BASE_URL, the model with ANTHROPIC_MODEL (or under "env" and "model" in ~/.claude/settings.json). Needs Node 22 or newer.',
    docs: "https://code.claude.com/docs/en/settings",
  },
  opencode: {
    model:
      'Run opencode auth login, or add a provider in opencode.json (the project\'s, or ~/.config/opencode/opencode.json); any OpenAI-compatible endpoint works through @ai-sdk/openai-compatible with its baseURL, and "model": "provider/model".',
    docs: "https://opencode.ai/docs/providers/",
  },
  codex: {
    model:
      'Run codex login, or set OPENAI_API_KEY; another endpoint is a [model_providers.<id>] entry with base_url, env_key and wire_api = "responses" in ~/.codex/config.toml, chosen by model_provider and model.',
    docs: "https://developers.openai.com/codex",
  },
  gemini: {
    model:
      "Sign in with gemini, or set GEMINI_API_KEY (with auth type gemini-api-key in ~/.gemini/settings.json); a proxy with GOOGLE_GEMINI_BASE_URL, the model with GEMINI_MODEL.",
    docs: "https://www.geminicli.com/docs/reference/configuration",
  },
};
