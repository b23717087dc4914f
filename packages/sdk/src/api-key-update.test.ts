import { describe, expect, it } from "vitest";
import { apiKeyUpdate } from "./api-key-update.ts";

describe("the settings update for one provider's key", () => {
  const settings = {
    providers: {
      openai_compatible: [
        { id: "gateway", base_url: "http://127.0.0.1:11/v1" },
        { id: "other", base_url: "http://127.0.0.1:12/v1" },
      ],
    },
  };

  it("sets or removes a hosted provider's key in place", () => {
    expect(apiKeyUpdate("openai", "sk-new", settings)).toEqual({
      providers: { openai: { api_key: "sk-new" } },
    });
    expect(apiKeyUpdate("anthropic", null, settings)).toEqual({
      providers: { anthropic: { api_key: null } },
    });
  });

  it("sends every endpoint, the one named with its new key or with null to remove it, the others without", () => {
    expect(apiKeyUpdate("gateway", "gw-key", settings)).toEqual({
      providers: {
        openai_compatible: [
          { id: "gateway", base_url: "http://127.0.0.1:11/v1", api_key: "gw-key" },
          { id: "other", base_url: "http://127.0.0.1:12/v1" },
        ],
      },
    });
    expect(apiKeyUpdate("gateway", null, settings)).toEqual({
      providers: {
        openai_compatible: [
          { id: "gateway", base_url: "http://127.0.0.1:11/v1", api_key: null },
          { id: "other", base_url: "http://127.0.0.1:12/v1" },
        ],
      },
    });
  });
});
