import { describe, expect, it } from "vitest";
import { decodeParleySettings, ModelRefSchema } from "./settings.ts";

describe("ParleySettings", () => {
  it("accepts an empty settings object", () => {
    expect(decodeParleySettings({})).toEqual({ success: true, value: {} });
  });

  it("accepts a full settings file and keeps fields it does not know", () => {
    const settings = {
      model: "ollama:qwen3:8b",
      fallback_model: "anthropic:claude-haiku-4-5",
      providers: {
        anthropic: { api_key: "sk-ant-x", base_url: "https://proxy.example.com" },
        openai: { api_key: "sk-x" },
        openai_compatible: [{ id: "ollama", base_url: "http://127.0.0.1:11434/v1", models: ["qwen3:8b"] }],
      },
      permission_mode: "acceptEdits",
      max_turns: 20,
      system_prompt: "Be brief.",
      theme: "dark",
    };

    expect(decodeParleySettings(settings)).toEqual({ success: true, value: settings });
  });

  it("names the field when a model reference has no provider", () => {
    const result = decodeParleySettings({ model: "claude-sonnet-5-5" });

    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.message).toContain('model: expected "provider:model"');
  });

  it("rejects an OpenAI-compatible endpoint that takes a reserved or duplicate id", () => {
    const reserved = decodeParleySettings({
      providers: { openai_compatible: [{ id: "openai", base_url: "http://localhost:1/v1" }] },
    });
    const duplicate = decodeParleySettings({
      providers: {
        openai_compatible: [
          { id: "local", base_url: "http://localhost:1/v1" },
          { id: "local", base_url: "http://localhost:2/v1" },
        ],
      },
    });

    expect(reserved.success).toBe(false);
    expect(duplicate.success).toBe(false);
    if (!duplicate.success) expect(duplicate.error.message).toContain('duplicate id "local"');
  });

  it("rejects a base URL that is not http(s) and a max_turns that is not a positive integer", () => {
    expect(decodeParleySettings({ providers: { openai: { base_url: "file:///etc" } } }).success).toBe(false);
    expect(decodeParleySettings({ max_turns: 0 }).success).toBe(false);
    expect(decodeParleySettings({ max_turns: 1.5 }).success).toBe(false);
  });

  it("accepts demo alone as a model reference", () => {
    expect(ModelRefSchema.safeParse("demo").success).toBe(true);
    expect(ModelRefSchema.safeParse("demo:demo").success).toBe(true);
    expect(ModelRefSchema.safeParse(":model").success).toBe(false);
  });
});
