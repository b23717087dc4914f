import { describe, expect, it } from "vitest";
import { endpointAddUpdate, endpointRemoveUpdate, modelList } from "./endpoint-update.ts";

describe("the settings update for OpenAI-compatible endpoints", () => {
  const settings = {
    providers: {
      openai_compatible: [
        { id: "gateway", base_url: "http://127.0.0.1:11/v1" },
        { id: "other", base_url: "http://127.0.0.1:12/v1" },
      ],
    },
  };

  it("adds an endpoint after the others, or replaces the one with its id where it is, sending the others as they are", () => {
    const added = { id: "new", base_url: "http://127.0.0.1:13/v1", api_key: "k" };
    expect(endpointAddUpdate(added, settings)).toEqual({
      providers: { openai_compatible: [...settings.providers.openai_compatible, added] },
    });
    const replaced = { id: "gateway", base_url: "http://127.0.0.1:14/v1" };
    expect(endpointAddUpdate(replaced, settings)).toEqual({
      providers: { openai_compatible: [replaced, { id: "other", base_url: "http://127.0.0.1:12/v1" }] },
    });
  });

  it("removes one, and reads a typed list of models once each", () => {
    expect(endpointRemoveUpdate("gateway", settings)).toEqual({
      providers: { openai_compatible: [{ id: "other", base_url: "http://127.0.0.1:12/v1" }] },
    });
    expect(modelList(" qwen3:8b,llama3.3  qwen3:8b, ")).toEqual(["qwen3:8b", "llama3.3"]);
    expect(modelList("")).toEqual([]);
  });
});
