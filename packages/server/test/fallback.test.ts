import {
  AgentRunListSchema,
  ChatResponseSchema,
  MessagePageSchema,
  SettingsViewSchema,
} from "@parley/protocol";
import { httpError, reply, serverError } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { decodeResponse, type ModelRequestBody } from "./support/api-checks.ts";
import { eventsOfType, waitForOutcome } from "./support/server-events.ts";
import { useServerEvents, useTestServer } from "./support/use-test-server.ts";

describe("when the preferred model keeps failing", () => {
  // One retry per model, and the retry waits no time (the test server's sleep is instant).
  const server = useTestServer({ turnDefaults: { retry: { maxRetries: 1 } } });
  const events = useServerEvents(server);

  const setFallback = async (fallback: string | null) => {
    const view = await decodeResponse(
      await server.request("POST", "/api/settings", { body: { fallback_model: fallback } }),
      SettingsViewSchema,
    );
    expect(view.settings.fallback_model).toBe(fallback ?? undefined);
  };
  const chat = async (text: string) => {
    const response = await decodeResponse(
      await server.request("POST", "/api/chat", { body: { text } }),
      ChatResponseSchema,
    );
    const outcome = await waitForOutcome(events, response.run_id as string);
    return { ...response, outcome };
  };
  const storedTexts = async (sessionId: string) =>
    (
      await decodeResponse(
        await server.request("GET", `/api/sessions/${sessionId}/messages`),
        MessagePageSchema,
      )
    ).messages.map((message) => [message.role, (message.rich.data as { text: string }).text]);

  it("switches to the fallback model from settings, says so, and answers with it", async () => {
    await setFallback("anthropic:claude-fallback-1");
    server.fake.script(serverError(500), serverError(500), reply().text("Answer from the fallback."));

    const { session_id, run_id, outcome } = await chat("Summarize the report");

    expect(outcome.outcome).toBe("success");
    expect(server.fake.requests.map((request) => (request.body as ModelRequestBody).model)).toEqual([
      "claude-test-1",
      "claude-test-1",
      "claude-fallback-1",
    ]);
    const fallbacks = eventsOfType(events.frames, "ModelFallback", session_id);
    expect(fallbacks).toHaveLength(1);
    expect(fallbacks[0]).toMatchObject({
      agent_id: "main",
      run_id,
      preferred: "anthropic:claude-test-1",
      actual: "anthropic:claude-fallback-1",
    });
    expect(fallbacks[0]?.reason).toMatch(/^500 .*after 1 retries/);
    const retries = eventsOfType(events.frames, "AgentStatus", session_id).filter((event) =>
      event.detail?.startsWith("Retrying"),
    );
    expect(retries.map((event) => event.detail)).toEqual([
      expect.stringMatching(/HTTP 500 .*attempt 1 of 1/),
    ]);
    expect(await storedTexts(session_id)).toEqual([
      ["user", "Summarize the report"],
      ["assistant", "Answer from the fallback."],
    ]);
    await setFallback(null);
  });

  it("without a fallback, ends the run with its error (shown once, from the run) after the retries", async () => {
    server.fake.script(serverError(529), serverError(529));

    const { session_id, outcome } = await chat("Anyone there?");

    expect(outcome.outcome).toBe("error");
    expect(outcome.error).toMatch(/^API Error: 529 /);
    expect(server.fake.requests).toHaveLength(2);
    expect(eventsOfType(events.frames, "ModelFallback", session_id)).toEqual([]);
    expect(await storedTexts(session_id)).toEqual([["user", "Anyone there?"]]);
    const runs = await decodeResponse(
      await server.request("GET", `/api/agent-runs?session_id=${session_id}`),
      AgentRunListSchema,
    );
    expect(runs.runs.map((run) => [run.status, run.error])).toEqual([["failed", outcome.error]]);
  });

  it("retries a rate-limited request on the same model without falling back", async () => {
    await setFallback("anthropic:claude-fallback-1");
    server.fake.script(httpError(429, { retryAfterSeconds: 0 }), reply().text("Made it."));

    const { session_id, outcome } = await chat("Try again");

    expect(outcome.outcome).toBe("success");
    expect(server.fake.requests.map((request) => (request.body as ModelRequestBody).model)).toEqual([
      "claude-test-1",
      "claude-test-1",
    ]);
    expect(eventsOfType(events.frames, "ModelFallback", session_id)).toEqual([]);
    await setFallback(null);
  });
});
