import { afterEach, describe, expect, it, vi } from "vitest";
import type { ModelConfig } from "../config/model-config.ts";
import { createLanguageModel } from "./create-language-model.ts";

afterEach(() => {
  vi.unstubAllEnvs();
});

/** Builds the model with a fetch that records the URL it was asked for and refuses the request. */
async function urlRequestedBy(config: ModelConfig): Promise<string> {
  let requested = "";
  const fetch = async (input: string | URL | Request) => {
    requested = input instanceof Request ? input.url : String(input);
    return new Response('{"error":{"type":"invalid_request_error","message":"stop"}}', { status: 400 });
  };
  const model = createLanguageModel(config, { fetch: fetch as typeof globalThis.fetch });
  await Promise.resolve(
    model.doStream({ prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] }),
  ).catch(() => {});
  return requested;
}

describe("the endpoint a model talks to", () => {
  it("is the one the config names, whatever the process environment says", async () => {
    vi.stubEnv("ANTHROPIC_BASE_URL", "http://elsewhere.invalid");
    vi.stubEnv("OPENAI_BASE_URL", "http://elsewhere.invalid/v1");

    const anthropic = await urlRequestedBy({
      kind: "anthropic",
      provider: "anthropic",
      model: "claude-opus-5-5",
      apiKey: "k",
      apiKeySource: "settings",
      source: "settings",
    });
    const openai = await urlRequestedBy({
      kind: "openai",
      provider: "openai",
      model: "gpt-5.5",
      apiKey: "k",
      apiKeySource: "settings",
      source: "settings",
      baseUrl: "http://127.0.0.1:4000/v1",
    });

    expect(anthropic).toBe("https://api.anthropic.com/v1/messages");
    expect(openai).toBe("http://127.0.0.1:4000/v1/chat/completions");
  });
});
