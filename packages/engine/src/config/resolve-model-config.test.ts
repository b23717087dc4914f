import type { ParleySettings } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { describeModel } from "./describe-model.ts";
import { ModelConfigError } from "./model-config-error.ts";
import { resolveFallbackModelConfig, resolveModelConfig } from "./resolve-model-config.ts";

const settings: ParleySettings = {
  model: "openai:gpt-4.1",
  providers: {
    anthropic: { api_key: "sk-ant-settings", base_url: "https://anthropic-proxy.example.com" },
    openai: { api_key: "sk-settings" },
    openai_compatible: [{ id: "gateway", base_url: "https://gateway.example.com/v1/", api_key: "gw-key" }],
  },
};

describe("which model a run uses", () => {
  it("prefers the override, then PARLEY_MODEL, then the settings", () => {
    const env = { PARLEY_MODEL: "anthropic:claude-haiku-4-5" };

    expect(resolveModelConfig({ env, settings, override: "gateway:llama-4" })).toMatchObject({
      provider: "gateway",
      model: "llama-4",
      source: "override",
    });
    expect(resolveModelConfig({ env, settings })).toMatchObject({ model: "claude-haiku-4-5", source: "env" });
    expect(resolveModelConfig({ env: {}, settings })).toMatchObject({ model: "gpt-4.1", source: "settings" });
  });

  it("picks a current Anthropic model when only an Anthropic key is present, before an OpenAI key", () => {
    const env = { ANTHROPIC_API_KEY: "sk-ant-env", OPENAI_API_KEY: "sk-env" };

    expect(resolveModelConfig({ env, settings: {} })).toMatchObject({
      kind: "anthropic",
      model: "claude-opus-5-5",
      apiKey: "sk-ant-env",
      source: "api_key",
    });
    expect(resolveModelConfig({ env: { OPENAI_API_KEY: "sk-env" }, settings: {} })).toMatchObject({
      kind: "openai",
      model: "gpt-5.5",
    });
    expect(
      resolveModelConfig({ env: {}, settings: { providers: { openai: { api_key: "k" } } } }),
    ).toMatchObject({
      kind: "openai",
      apiKeySource: "settings",
    });
  });

  it("falls back to the offline demo model, which describeModel labels as the demo", () => {
    const config = resolveModelConfig({ env: { PARLEY_MODEL: "  " }, settings: {} });

    expect(config).toEqual({
      kind: "demo",
      provider: "demo",
      model: "demo",
      apiKeySource: "none",
      source: "default",
    });
    expect(describeModel(config)).toMatchObject({ ref: "demo", isDemo: true, label: "Demo model (offline)" });
  });

  it("takes keys and URLs from the environment before the settings", () => {
    const fromEnv = resolveModelConfig({
      env: { ANTHROPIC_API_KEY: "sk-ant-env", ANTHROPIC_BASE_URL: "http://127.0.0.1:9999/" },
      settings,
      override: "anthropic:claude-opus-4-8",
    });
    const fromSettings = resolveModelConfig({ env: {}, settings, override: "anthropic:claude-opus-4-8" });

    expect(fromEnv).toMatchObject({
      apiKey: "sk-ant-env",
      apiKeySource: "env",
      baseUrl: "http://127.0.0.1:9999/v1",
    });
    expect(fromSettings).toMatchObject({
      apiKey: "sk-ant-settings",
      apiKeySource: "settings",
      baseUrl: "https://anthropic-proxy.example.com/v1",
    });
    expect(describeModel(fromEnv)).not.toHaveProperty("apiKey");
  });

  it("keeps OPENAI_BASE_URL as given, since it already names the version path", () => {
    const config = resolveModelConfig({
      env: { OPENAI_API_KEY: "k", OPENAI_BASE_URL: "http://127.0.0.1:4000/v1" },
      settings: {},
      override: "openai:gpt-5",
    });

    expect(config.baseUrl).toBe("http://127.0.0.1:4000/v1");
  });

  it("knows local servers by id and uses configured endpoints with their own key", () => {
    expect(resolveModelConfig({ env: {}, settings: {}, override: "ollama:qwen3:8b" })).toMatchObject({
      kind: "openai-compatible",
      provider: "ollama",
      model: "qwen3:8b",
      baseUrl: "http://127.0.0.1:11434/v1",
    });
    expect(resolveModelConfig({ env: {}, settings: {}, override: "lmstudio:m" }).baseUrl).toBe(
      "http://127.0.0.1:1234/v1",
    );
    expect(resolveModelConfig({ env: {}, settings: {}, override: "llamacpp:m" }).baseUrl).toBe(
      "http://127.0.0.1:8080/v1",
    );
    expect(resolveModelConfig({ env: {}, settings: {}, override: "vllm:m" }).baseUrl).toBe(
      "http://127.0.0.1:8000/v1",
    );
    expect(resolveModelConfig({ env: {}, settings, override: "gateway:llama-4" })).toMatchObject({
      baseUrl: "https://gateway.example.com/v1",
      apiKey: "gw-key",
      apiKeySource: "settings",
    });
  });

  it("lets settings point a well-known id at another address", () => {
    const moved: ParleySettings = {
      providers: { openai_compatible: [{ id: "ollama", base_url: "http://gpu-box:11434/v1" }] },
    };

    expect(resolveModelConfig({ env: {}, settings: moved, override: "ollama:llama3" }).baseUrl).toBe(
      "http://gpu-box:11434/v1",
    );
  });
});

describe("bad model choices", () => {
  it("explains what a reference looks like when the provider is missing", () => {
    expect(() => resolveModelConfig({ env: {}, settings: {}, override: "claude-opus-5-5" })).toThrow(
      new ModelConfigError(
        '"claude-opus-5-5" is not a model reference: write provider:model, e.g. "anthropic:claude-opus-5-5"',
      ),
    );
  });

  it("names the unknown provider and the ones that exist", () => {
    expect(() => resolveModelConfig({ env: {}, settings, override: "mistral:large" })).toThrow(
      /Unknown provider "mistral" in "mistral:large": use one of anthropic, openai, demo, ollama, lmstudio, llamacpp, vllm, gateway/,
    );
  });

  it("says which variable to set when a hosted provider has no key", () => {
    expect(() => resolveModelConfig({ env: { PARLEY_MODEL: "openai:gpt-5" }, settings: {} })).toThrow(
      "openai:gpt-5 needs an API key: set OPENAI_API_KEY or providers.openai.api_key in settings",
    );
  });

  it("rejects a base URL variable that is not an http URL", () => {
    expect(() =>
      resolveModelConfig({
        env: { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: "localhost:8080" },
        settings: {},
      }),
    ).toThrow('ANTHROPIC_BASE_URL must be an http(s) URL, got "localhost:8080"');
  });
});

describe("the fallback model", () => {
  it("comes from the override, PARLEY_FALLBACK_MODEL or the settings, and is optional", () => {
    const env = { ANTHROPIC_API_KEY: "k", PARLEY_FALLBACK_MODEL: "anthropic:claude-haiku-4-5" };

    expect(resolveFallbackModelConfig({ env, settings: {}, override: "demo" })?.kind).toBe("demo");
    expect(resolveFallbackModelConfig({ env, settings: {} })?.model).toBe("claude-haiku-4-5");
    expect(resolveFallbackModelConfig({ env: {}, settings: { fallback_model: "ollama:m" } })?.provider).toBe(
      "ollama",
    );
    expect(resolveFallbackModelConfig({ env: {}, settings: {} })).toBeUndefined();
  });
});
