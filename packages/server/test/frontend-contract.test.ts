import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  AgentReplySchema,
  AgentStatusSchema,
  AgentSummarySchema,
  ChatHistoryResponseSchema,
  ChatSessionSchema,
  MessagePageSchema,
  SessionSummarySchema,
} from "@parley/protocol";
import { httpError, reply } from "@parley/testkit";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { decodeResponse, expectApiError, ISO_MS_Z } from "./support/api-checks.ts";
import { waitForEvent, waitForOutcome } from "./support/server-events.ts";
import { startTestServer } from "./support/test-server.ts";
import { useServerEvents, useTestServer } from "./support/use-test-server.ts";

/** Seed 003's AgentReply fields; nothing else may appear. */
const AGENT_REPLY_FIELDS = ["messageId", "prompt", "response", "responses", "sent", "sessionId"];

describe("seed 003's request/response contract", () => {
  const server = useTestServer();
  const events = useServerEvents(server);

  const newSession = async (title?: string) =>
    decodeResponse(
      await server.request("POST", "/api/sessions", { body: title === undefined ? {} : { title } }),
      SessionSummarySchema,
      201,
    );
  const send = (sessionId: string, body: Record<string, unknown>) =>
    server.request("POST", `/api/sessions/${sessionId}/messages`, { body });

  it("answers a sent message with exactly an AgentReply: the combined text and each part with ISO timestamps", async () => {
    server.fake.script(
      reply().text("Let me check.").toolCall("lookup", { topic: "tides" }),
      reply().text("High tide is at 14:02."),
    );
    const session = await newSession();

    const response = await send(session.id, { text: "When is high tide?" });
    const text = await response.clone().text();
    const agentReply = await decodeResponse(response, AgentReplySchema);

    expect(Object.keys(JSON.parse(text)).sort()).toEqual(AGENT_REPLY_FIELDS);
    expect(agentReply).toEqual({
      messageId: expect.any(String),
      sent: expect.stringMatching(ISO_MS_Z),
      response: "Let me check.\n\nHigh tide is at 14:02.",
      prompt: "When is high tide?",
      responses: [
        {
          text: "Let me check.",
          type: "final",
          timestamp: expect.stringMatching(ISO_MS_Z),
          partId: expect.any(String),
        },
        {
          text: "High tide is at 14:02.",
          type: "final",
          timestamp: expect.stringMatching(ISO_MS_Z),
          partId: expect.any(String),
        },
      ],
      sessionId: session.id,
    });
    const page = await decodeResponse(
      await server.request("GET", `/api/sessions/${session.id}/messages`),
      MessagePageSchema,
    );
    const [question, ...answers] = page.messages;
    expect(agentReply.messageId).toBe(question?.id);
    expect(agentReply.responses?.map((part) => part.partId)).toEqual(
      answers.filter((message) => message.role === "assistant").map((message) => message.id),
    );
    expect(Date.parse(agentReply.sent)).toBeLessThanOrEqual(
      Date.parse(agentReply.responses?.[0]?.timestamp ?? ""),
    );
  });

  it("reports a tool call and its result as tool parts sharing the call id, and the answer as final", async () => {
    mkdirSync(join(server.directories.project, "docs"), { recursive: true });
    writeFileSync(join(server.directories.project, "docs", "tides.md"), "High tide 14:02\n");
    server.fake.script(
      reply().toolCall("Read", { file_path: "docs/tides.md" }, { id: "toolu_tides" }),
      reply().text("High tide is at 14:02."),
    );
    const session = await newSession();

    const agentReply = await decodeResponse(await send(session.id, { text: "Tides?" }), AgentReplySchema);

    expect(agentReply.responses?.map(({ type, callId }) => ({ type, callId }))).toEqual([
      { type: "tool", callId: "toolu_tides" },
      { type: "tool", callId: "toolu_tides" },
      { type: "final", callId: undefined },
    ]);
    expect(agentReply.responses?.[0]?.text).toBe("Reading docs/tides.md");
    expect(agentReply.responses?.[1]?.text).toContain("High tide 14:02");
    expect(agentReply.responses?.[2]?.text).toBe("High tide is at 14:02.");
    expect(new Set(agentReply.responses?.map((part) => part.partId)).size).toBe(3);
  });

  it("reports the model's reasoning as a thinking part before the text it led to", async () => {
    server.fake.script(
      reply().thinking("Tides follow ").thinking("the moon.").text("High tide is at 14:02."),
    );
    const session = await newSession();

    const agentReply = await decodeResponse(await send(session.id, { text: "Tides?" }), AgentReplySchema);

    const [thinking, final] = agentReply.responses ?? [];
    expect(agentReply.responses?.map((part) => part.type)).toEqual(["thinking", "final"]);
    expect(thinking?.text).toBe("Tides follow the moon.");
    expect(thinking?.partId).toBe(`${final?.partId}:thinking`);
    expect(final?.text).toBe("High tide is at 14:02.");
  });

  it("answers with the error as the response when the run fails", async () => {
    server.fake.script(httpError(400, { message: "invalid model parameters" }));
    const session = await newSession();

    const agentReply = await decodeResponse(await send(session.id, { text: "Hello?" }), AgentReplySchema);

    expect(agentReply.response).toBe("API Error: 400 invalid model parameters");
    expect(agentReply.sessionId).toBe(session.id);
    // The history shows the error once, where the run ended.
    const history = await decodeResponse(
      await server.request("GET", `/api/sessions/${session.id}/history`),
      ChatHistoryResponseSchema,
    );
    expect(history.messages.map((message) => [message.role, message.content])).toEqual([
      ["user", "Hello?"],
      ["assistant", "API Error: 400 invalid model parameters"],
    ]);
  });

  it("answers an empty model reply with an empty response", async () => {
    server.fake.script(reply().text(""));
    const session = await newSession();

    const agentReply = await decodeResponse(
      await send(session.id, { text: "Say nothing." }),
      AgentReplySchema,
    );

    expect(agentReply).toMatchObject({ response: "", responses: [], prompt: "Say nothing." });
  });

  it("answers a message sent to a busy agent once the run that took it has ended", async () => {
    server.fake.script(reply().text("First").gate("first"), reply().text("Second answer."));
    const session = await newSession();
    const started = await server.json<{ run_id: string }>("POST", "/api/chat", {
      session_id: session.id,
      text: "First question",
    });
    await server.fake.waitForGate("first");

    const waiting = send(session.id, { text: "Second question" });
    await waitForEvent(
      events,
      "QueueUpdated",
      (event) => event.session_id === session.id && event.items.length === 1,
    );
    server.fake.release("first");
    const agentReply = await decodeResponse(await waiting, AgentReplySchema);

    await waitForOutcome(events, started.run_id);
    expect(agentReply.prompt).toBe("Second question");
    expect(agentReply.response).toBe("Second answer.");
  });

  it("answers a retried message with the first reply and asks the model once", async () => {
    server.fake.script(reply().text("Once."));
    const session = await newSession();
    const body = { text: "Only once please", client_message_id: "frontend-retry-1" };

    const first = await decodeResponse(await send(session.id, body), AgentReplySchema);
    const retry = await decodeResponse(await send(session.id, body), AgentReplySchema);

    expect(retry.messageId).toBe(first.messageId);
    expect(retry.response).toBe("Once.");
    expect(server.fake.requests).toHaveLength(1);
  });

  it("exports the history as a ChatHistoryResponse, in order, with the Python implementation's key order", async () => {
    server.fake.script(reply().text("Blue."), reply().text("Red."));
    const session = await newSession();
    await send(session.id, { text: "Favourite colour?" });
    await send(session.id, { text: "And the second?" });

    const response = await server.request("GET", `/api/sessions/${session.id}/history`);
    const text = await response.clone().text();
    const history = await decodeResponse(response, ChatHistoryResponseSchema);

    expect(history.sessionId).toBe(session.id);
    expect(history.messages.map((message) => [message.role, message.type, message.content])).toEqual([
      ["user", "text", "Favourite colour?"],
      ["assistant", "text", "Blue."],
      ["user", "text", "And the second?"],
      ["assistant", "text", "Red."],
    ]);
    for (const message of JSON.parse(text).messages as Record<string, unknown>[]) {
      expect(Object.keys(message)).toEqual(["role", "type", "content", "messageId", "timestamp", "partId"]);
      expect(message.timestamp).toMatch(ISO_MS_Z);
    }
    await expectApiError(await server.request("GET", "/api/sessions/ses_missing/history"), 404, "not_found");
  });

  it("lists sessions as ChatSession[], most recently active first", async () => {
    server.fake.script(reply().text("ok"));
    const older = await newSession("Older session");
    const newer = await newSession("Newer session");
    // A message makes the older session the most recently active one.
    await send(older.id, { text: "Bump" });

    const sessions = await decodeResponse(
      await server.request("GET", "/api/chat-sessions"),
      z.array(ChatSessionSchema),
    );

    for (const session of sessions) {
      expect(Object.keys(session).sort()).toEqual(["id", "title", "updated"]);
      expect(session.updated).toMatch(ISO_MS_Z);
    }
    const ids = sessions.map((session) => session.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(sessions.find((session) => session.id === newer.id)?.title).toBe("Newer session");
  });

  it("reports an agent's status as processing with its start time while busy, and idle after", async () => {
    server.fake.script(reply().text("Working").gate("busy"));
    const session = await newSession();
    const statusOf = async (query = "") =>
      decodeResponse(
        await server.request("GET", `/api/sessions/${session.id}/status${query}`),
        AgentStatusSchema,
      );
    expect(await statusOf()).toEqual({ processing: false, startedAt: null });

    const chat = await server.json<{ run_id: string }>("POST", "/api/chat", {
      session_id: session.id,
      text: "Work",
    });
    await server.fake.waitForGate("busy");
    const busy = await statusOf();
    const otherAgent = await statusOf("?agent_id=reviewer");
    server.fake.release("busy");
    await waitForOutcome(events, chat.run_id);
    const idle = await statusOf("?agent_id=main");

    expect(busy).toEqual({ processing: true, startedAt: expect.stringMatching(ISO_MS_Z) });
    expect(otherAgent).toEqual({ processing: false, startedAt: null });
    expect(idle).toEqual({ processing: false, startedAt: null });
    await expectApiError(await server.request("GET", "/api/sessions/ses_missing/status"), 404, "not_found");
  });

  it("lists the agents in seed 003's agent format, naming the model", async () => {
    const agents = await decodeResponse(
      await server.request("GET", "/api/agents"),
      z.array(AgentSummarySchema),
    );

    expect(agents).toEqual([{ name: "main", type: "parley", details: ["model: claude-test-1 (anthropic)"] }]);
  });

  it("lists the agent CLI's own agents when the server's sessions are answered by that CLI", async () => {
    const cliServer = await startTestServer({ env: { PARLEY_BACKEND: "claude-code" } });
    try {
      const agents = await decodeResponse(
        await cliServer.request("GET", "/api/agents"),
        z.array(AgentSummarySchema),
      );
      expect(agents.map((agent) => agent.name)).toEqual(
        expect.arrayContaining(["general-purpose", "Explore", "Plan"]),
      );
      expect(agents.some((agent) => agent.type === "parley")).toBe(false);
    } finally {
      await cliServer.dispose();
    }
  });
});
