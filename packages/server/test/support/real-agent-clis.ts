import { mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { codexConfigToml, type FakeModelServer, GEMINI_SETTINGS, openCodeConfig } from "@parley/testkit";

const interop = (path: string) => fileURLToPath(new URL(`../../../../interop/${path}`, import.meta.url));

/** The real agent CLIs in interop/, named the way the person names a CLI that is not on PATH. */
export const REAL_CLI_COMMANDS = {
  PARLEY_CLAUDE_CODE_COMMAND: interop("claude-code/node_modules/@anthropic-ai/claude-code/bin/claude.exe"),
  PARLEY_OPENCODE_COMMAND: interop("opencode/node_modules/opencode-ai/bin/opencode.exe"),
  PARLEY_CODEX_COMMAND: interop("codex/node_modules/@openai/codex/bin/codex.js"),
  PARLEY_GEMINI_COMMAND: interop("gemini-cli/node_modules/@google/gemini-cli/bundle/gemini.js"),
};

/**
 * A home for the real CLIs beside the test's project (so the person's own config and sessions never come in),
 * their config pointing at the fake model, and the server environment that runs them offline: `extra`
 * settings per CLI (Gemini's `settings.json`) are merged in.
 */
export function realCliEnvironment(
  project: string,
  fake: FakeModelServer,
  extra: { gemini?: Record<string, unknown> } = {},
): Record<string, string> {
  const cliHome = join(realpathSync(join(project, "..")), "cli-home");
  for (const folder of [".claude", ".gemini", ".codex"])
    mkdirSync(join(cliHome, folder), { recursive: true });
  writeFileSync(
    join(cliHome, ".gemini", "settings.json"),
    JSON.stringify({ ...GEMINI_SETTINGS, ...extra.gemini }),
  );
  writeFileSync(join(cliHome, ".codex", "config.toml"), codexConfigToml(fake.openaiBaseUrl));
  return {
    ...REAL_CLI_COMMANDS,
    HOME: cliHome,
    XDG_CONFIG_HOME: join(cliHome, ".config"),
    XDG_DATA_HOME: join(cliHome, ".local", "share"),
    XDG_CACHE_HOME: join(cliHome, ".cache"),
    XDG_STATE_HOME: join(cliHome, ".local", "state"),
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    CODEX_HOME: join(cliHome, ".codex"),
    FAKE_API_KEY: "sk-fake",
    GEMINI_API_KEY: "fake",
    GOOGLE_GEMINI_BASE_URL: fake.url,
    OPENCODE_CONFIG_CONTENT: JSON.stringify(openCodeConfig(fake.openaiBaseUrl)),
    OPENCODE_DISABLE_MODELS_FETCH: "1",
    OPENCODE_DISABLE_AUTOUPDATE: "1",
    OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
  };
}
