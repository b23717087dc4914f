import { AgentRunListSchema, ChatResponseSchema, MessagePageSchema } from "@parley/protocol";
import { httpError, reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { decodeResponse, modelRequest } from "./support/api-checks.ts";
import { eventsOfType, runEvents, waitForOutcome } from "./support/server-events.ts";
import { useServerEvents, useTestServer } from "./support/use-test-server.ts";

describe("what a run tells the people watching it", () => {
  // A model the catalog knows, so ContextUsage can name its context window.
  const server = useTestServer({ env: { PARLEY_MODEL: "anthropic:claude-sonnet-4-5" } });
  const events = useServerEvents(server);

  const chat = async (text: string) => {
    const response = await decodeResponse(
      await server.request("POST", "/api/chat", { body: { text } }),
      ChatResponseSchema,
    );
    const runId = response.run_id as string;
    const outcome = await waitForOutcome(events, runId);
    await events.waitFor(() =>
      eventsOfType(events.frames, "ContextUsage").some((event) => event.run_id === runId),
    );
    return { ...response, runId, outcome };
  };

  it("goes model_loading → thinking → calling_tool → working → idle, then reports the outcome and context usage", async () => {
    server.fake.script(
      reply()
        .thinking("I should read the file.")
        .toolCall("read_file", { path: "a.ts" })
        .usage({ input: 20, output: 5 }),
      reply()
        .thinking("It is missing.")
        .text("The file is missing.")
        .usage({ input: 40, output: 7, cacheRead: 100 }),
    );

    const { runId, outcome } = await chat("What is in a.ts?");

    const ofRun = runEvents(events.frames, runId);
    const statuses = ofRun
      .filter((event) => event.type === "AgentStatus")
      .map((event) => `${event.status}/${event.lifecycle}`);
    expect(statuses).toEqual([
      "model_loading/doing",
      "thinking/doing",
      "calling_tool/doing",
      "working/done",
      "thinking/doing",
      "idle/done",
    ]);
    const calling = eventsOfType(events.frames, "AgentStatus").find(
      (event) => event.run_id === runId && event.status === "calling_tool",
    );
    expect(calling).toMatchObject({
      tool_name: "read_file",
      tool_use_id: expect.any(String),
      detail: "Calling read_file",
    });
    expect(ofRun.map((event) => event.type).slice(-4)).toEqual([
      "TextSegment",
      "AgentStatus",
      "Outcome",
      "ContextUsage",
    ]);
    expect(outcome).toMatchObject({
      outcome: "success",
      summary: "The file is missing.",
      duration_ms: expect.any(Number),
    });
    const usage = eventsOfType(events.frames, "ContextUsage").find((event) => event.run_id === runId);
    // The conversation now holds the prompt, the tool call, its result and the answer; the context is the
    // last request's input (40 + 100 cached) plus its answer (7).
    expect(usage).toMatchObject({
      agent_id: "main",
      message_count: 4,
      estimated_tokens: 147,
      compressed: false,
      context_window: 200_000,
    });
  });

  it("reports a model API error once: as the run's error outcome, not also as a chat message", async () => {
    server.fake.script(httpError(400, { message: "prompt is too long: 250000 tokens > 200000 maximum" }));

    const { session_id, runId, outcome } = await chat("Read the whole repository");

    expect(outcome.outcome).toBe("error");
    expect(outcome.error).toBe("API Error: 400 prompt is too long: 250000 tokens > 200000 maximum");
    // A 400 is the caller's fault: it is not retried.
    expect(server.fake.requests).toHaveLength(1);
    expect(eventsOfType(events.frames, "TextSegment", session_id)).toEqual([]);
    const page = await decodeResponse(
      await server.request("GET", `/api/sessions/${session_id}/messages`),
      MessagePageSchema,
    );
    expect(
      page.messages.map((message) => [message.role, (message.rich.data as { text: string }).text]),
    ).toEqual([["user", "Read the whole repository"]]);
    const runs = await decodeResponse(
      await server.request("GET", `/api/agent-runs?session_id=${session_id}`),
      AgentRunListSchema,
    );
    expect(runs.runs).toEqual([
      expect.objectContaining({ id: runId, status: "failed", error: outcome.error, result: null }),
    ]);
    const statuses = eventsOfType(events.frames, "AgentStatus", session_id).map((event) => event.status);
    expect(statuses).toEqual(["model_loading", "idle"]);
  });

  it("sends the model the unanswered question again next time, without the error text", async () => {
    server.fake.script(httpError(400, { message: "bad request" }), reply().text("Fine now."));
    const { session_id } = await chat("First try");
    const retry = await decodeResponse(
      await server.request("POST", "/api/chat", { body: { session_id, text: "Second try" } }),
      ChatResponseSchema,
    );
    await waitForOutcome(events, retry.run_id as string);

    const { messages } = modelRequest(server, 1);
    expect(JSON.stringify(messages)).not.toContain("API Error");
    expect(messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "First try" },
          { type: "text", text: "Second try" },
        ],
      },
    ]);
  });
});
