import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { ChatResponseSchema, SettingsViewSchema } from "@parley/protocol";
import { reply } from "@parley/testkit";
import { beforeAll, describe, expect, it } from "vitest";
import { decodeResponse, expectApiError, modelRequest, writtenState } from "./support/api-checks.ts";
import { eventsOfType, waitForOutcome } from "./support/server-events.ts";
import { useServerEvents, useTestServer } from "./support/use-test-server.ts";

describe("settings", () => {
  let settingsFile: string;
  const server = useTestServer();
  const events = useServerEvents(server);
  beforeAll(async () => {
    settingsFile = join(server.directories.home, "settings.json");
  });

  const update = async (body: unknown) =>
    decodeResponse(await server.request("POST", "/api/settings", { body }), SettingsViewSchema);
  const view = async () => decodeResponse(await server.request("GET", "/api/settings"), SettingsViewSchema);
  const stored = () => JSON.parse(readFileSync(settingsFile, "utf8")) as Record<string, unknown>;

  it("never sends an API key back, only whether it is set and its last four characters", async () => {
    const secrets = ["sk-openai-secret-9876", "local-secret-5555"];
    const response = await server.request("POST", "/api/settings", {
      body: {
        providers: {
          openai: { api_key: secrets[0] },
          openai_compatible: [{ id: "local", base_url: "http://127.0.0.1:9/v1", api_key: secrets[1] }],
        },
      },
    });
    const posted = await response.clone().text();
    await decodeResponse(response, SettingsViewSchema);
    const got = await server.request("GET", "/api/settings");
    const fetched = await got.clone().text();
    const settings = await decodeResponse(got, SettingsViewSchema);

    for (const secret of secrets) {
      expect(posted).not.toContain(secret);
      expect(fetched).not.toContain(secret);
    }
    expect(settings.api_keys).toEqual([
      // The environment's key wins over the file, and is reported as such.
      { provider: "anthropic", configured: true, hint: "…-key", source: "env" },
      { provider: "openai", configured: true, hint: "…9876", source: "settings" },
      { provider: "local", configured: true, hint: "…5555", source: "settings" },
    ]);
    expect(settings.settings).toEqual({
      providers: { openai: {}, openai_compatible: [{ id: "local", base_url: "http://127.0.0.1:9/v1" }] },
    });
    expect(settings.model).toEqual({
      ref: "anthropic:claude-test-1",
      label: "claude-test-1 (anthropic)",
      provider: "anthropic",
      model: "claude-test-1",
      is_demo: false,
      source: "env",
    });
    // The keys themselves live only in PARLEY_HOME/settings.json, readable by its owner alone.
    expect(JSON.stringify(stored())).toContain(secrets[0]);
    expect(statSync(settingsFile).mode & 0o777).toBe(0o600);
  });

  it("merges an update into the stored settings, and null removes a field", async () => {
    await update({ system_prompt: "Be brief.", max_turns: 5 });
    await update({ providers: { openai: { base_url: "https://openai.example/v1" } } });
    const merged = await update({ max_turns: null });

    expect(merged.settings).toMatchObject({
      system_prompt: "Be brief.",
      providers: { openai: { base_url: "https://openai.example/v1" } },
    });
    expect(merged.settings).not.toHaveProperty("max_turns");
    // The key stored earlier survives an update that did not mention it.
    expect((stored().providers as { openai: Record<string, unknown> }).openai).toEqual({
      api_key: "sk-openai-secret-9876",
      base_url: "https://openai.example/v1",
    });
    // An endpoint edited without its key (a form never sees keys) keeps the stored one on the same host.
    const latest = await update({
      providers: { openai_compatible: [{ id: "local", base_url: "http://127.0.0.1:9/v2" }] },
    });
    expect((stored().providers as { openai_compatible: unknown[] }).openai_compatible).toEqual([
      { id: "local", base_url: "http://127.0.0.1:9/v2", api_key: "local-secret-5555" },
    ]);
    expect(await view()).toEqual(latest);
    expect(statSync(settingsFile).mode & 0o777).toBe(0o600);
  });

  it("removes an endpoint's stored key when the Settings page or the terminal UI removes it", async () => {
    await update({
      providers: {
        openai_compatible: [
          { id: "gateway", base_url: "http://127.0.0.1:11/v1", api_key: "gw-secret-1234" },
          { id: "other", base_url: "http://127.0.0.1:12/v1", api_key: "other-secret-5678" },
        ],
      },
    });
    // What the sdk's apiKeyUpdate sends for "remove": the endpoints as the page sees them (no keys), the
    // one whose key goes with `api_key: null`.
    const after = await update({
      providers: {
        openai_compatible: [
          { id: "gateway", base_url: "http://127.0.0.1:11/v1", api_key: null },
          { id: "other", base_url: "http://127.0.0.1:12/v1" },
        ],
      },
    });
    expect(after.api_keys.find((key) => key.provider === "gateway")?.configured).toBe(false);
    expect((stored().providers as { openai_compatible: unknown[] }).openai_compatible).toEqual([
      { id: "gateway", base_url: "http://127.0.0.1:11/v1" },
      { id: "other", base_url: "http://127.0.0.1:12/v1", api_key: "other-secret-5678" },
    ]);
  });

  it("never lets an endpoint's stored key follow its id to another host", async () => {
    await update({
      providers: {
        openai_compatible: [
          { id: "gateway", base_url: "https://gateway.example/v1", api_key: "gw-secret-1234" },
        ],
      },
    });
    // Another path on the same host keeps the key; a form that never sees keys sends none.
    await update({
      providers: { openai_compatible: [{ id: "gateway", base_url: "https://gateway.example/v2" }] },
    });
    expect((stored().providers as { openai_compatible: unknown[] }).openai_compatible).toEqual([
      { id: "gateway", base_url: "https://gateway.example/v2", api_key: "gw-secret-1234" },
    ]);
    const moved = await update({
      providers: { openai_compatible: [{ id: "gateway", base_url: "http://elsewhere.example:9/v1" }] },
    });
    expect((stored().providers as { openai_compatible: unknown[] }).openai_compatible).toEqual([
      { id: "gateway", base_url: "http://elsewhere.example:9/v1" },
    ]);
    expect(moved.api_keys.find((key) => key.provider === "gateway")?.configured).toBe(false);
  });

  it("refuses to remove the endpoint the model uses, saying which model", async () => {
    await update({
      model: "gateway:m1",
      providers: {
        openai_compatible: [{ id: "gateway", base_url: "http://127.0.0.1:11/v1", api_key: "k-1" }],
      },
    });
    const refused = await expectApiError(
      await server.request("POST", "/api/settings", { body: { providers: { openai_compatible: [] } } }),
      400,
      "invalid_request",
      "body.providers.openai_compatible",
    );
    expect(refused.error.issues?.[0]?.message).toBe(
      "gateway is the provider of the model (gateway:m1): choose another one before removing it",
    );
    // Another change that leaves the model unusable keeps the engine's own words.
    const keyless = await expectApiError(
      await server.request("POST", "/api/settings", {
        body: {
          providers: {
            openai_compatible: [{ id: "gateway", base_url: "http://127.0.0.1:11/v1" }],
            anthropic: {},
          },
          model: "typo:x",
        },
      }),
      400,
      "invalid_request",
      "body.model",
    );
    expect(keyless.error.issues?.[0]?.message).not.toContain("before removing it");
    await update({ model: null, providers: { openai_compatible: [] } });
  });

  it("keeps every one of several updates sent at once", async () => {
    await Promise.all([
      update({ system_prompt: "Be brief." }),
      update({ max_turns: 7 }),
      update({ permission_mode: "acceptEdits" }),
      update({ project_instructions: false }),
    ]);
    expect(stored()).toMatchObject({
      system_prompt: "Be brief.",
      max_turns: 7,
      permission_mode: "acceptEdits",
      project_instructions: false,
    });
    await update({ max_turns: null, permission_mode: null, project_instructions: null });
  });

  it("tells clients that the settings changed", async () => {
    const changes = () =>
      eventsOfType(events.frames, "StateUpdated").filter((event) => event.reason === "settings_changed");
    const before = changes().length;

    await update({ system_prompt: "Be thorough." });

    await events.waitFor(() => changes().length === before + 1);
    // One event per change; since wire revision 2 the frame no longer repeats the server's project root.
    expect(changes()).toHaveLength(before + 1);
  });

  it("uses the new system prompt for the next run", async () => {
    await update({ system_prompt: "Always answer in French." });
    server.fake.script(reply().text("Bonjour."));

    const chat = await decodeResponse(
      await server.request("POST", "/api/chat", { body: { text: "Hello" } }),
      ChatResponseSchema,
    );
    await waitForOutcome(events, chat.run_id as string);

    expect(JSON.stringify(modelRequest(server, -1).system)).toContain("Always answer in French.");
  });

  const json = (value: unknown) => JSON.stringify(value);
  it.each([
    ["a non-positive max_turns", json({ max_turns: 0 }), "body.max_turns"],
    ["a model that is not provider:model", json({ model: "gpt" }), "body.model"],
    [
      "a non-http base URL",
      json({ providers: { anthropic: { base_url: "ftp://example.com" } } }),
      "body.providers.anthropic.base_url",
    ],
    ["an unknown provider", json({ model: "nowhere:model-1" }), "body.model"],
    [
      "a fallback model whose provider has no key",
      json({ fallback_model: "openai:gpt-5.5", providers: { openai: null } }),
      "body.fallback_model",
    ],
    [
      "a reserved endpoint id",
      json({ providers: { openai_compatible: [{ id: "openai", base_url: "http://127.0.0.1:1/v1" }] } }),
      "body.providers.openai_compatible.0.id",
    ],
    ["a wrongly typed field", json({ system_prompt: 42 }), "body.system_prompt"],
    ["a body that is not an object", json(["model", "demo"]), "body"],
    ["a body nested too deeply", `{"extra":${"[".repeat(5000)}${"]".repeat(5000)}}`, "body"],
  ])("refuses %s with 400 naming the field, and writes nothing", async (_case, rawBody, field) => {
    const before = writtenState(server);

    const response = await server.request("POST", "/api/settings", {
      rawBody,
      headers: { "content-type": "application/json" },
    });

    await expectApiError(response, 400, "invalid_request", field);
    expect(writtenState(server)).toEqual(before);
    await decodeResponse(await server.request("GET", "/api/settings"), SettingsViewSchema);
  });
});
