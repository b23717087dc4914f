/**
 * How to point the real agent CLIs at a fake model server, offline (see the research notes on each CLI). The
 * CLIs read these from their own config files or environment; tests write them into isolated homes.
 */

/**
 * Codex's `$CODEX_HOME/config.toml`: a custom provider on the Responses API (Codex speaks nothing else) whose
 * key comes from `FAKE_API_KEY`; no approvals and no sandbox, so a scripted command simply runs.
 */
export function codexConfigToml(openaiBaseUrl: string): string {
  return [
    'model = "fake-model"',
    'model_provider = "fake"',
    'approval_policy = "never"',
    'sandbox_mode = "danger-full-access"',
    "[model_providers.fake]",
    'name = "Fake"',
    `base_url = "${openaiBaseUrl}"`,
    'env_key = "FAKE_API_KEY"',
    'wire_api = "responses"',
    "",
  ].join("\n");
}

/**
 * OpenCode's config (for `OPENCODE_CONFIG_CONTENT`): an OpenAI-compatible provider on Chat Completions, used
 * for the title model too so nothing reaches a default provider.
 */
export function openCodeConfig(openaiBaseUrl: string): Record<string, unknown> {
  return {
    autoupdate: false,
    share: "disabled",
    provider: {
      fake: {
        npm: "@ai-sdk/openai-compatible",
        name: "Fake",
        options: { baseURL: openaiBaseUrl, apiKey: "sk-fake" },
        models: { "fake-model": { name: "Fake" } },
      },
    },
    model: "fake/fake-model",
    small_model: "fake/fake-model",
  };
}

/** Gemini CLI's `~/.gemini/settings.json`: API-key auth, which makes it use `GOOGLE_GEMINI_BASE_URL`. */
export const GEMINI_SETTINGS = { security: { auth: { selectedType: "gemini-api-key" } } };
