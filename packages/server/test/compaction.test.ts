import type { AgentContext, AgentRunList, CompactResponse } from "@parley/protocol";
import { hang, reply } from "@parley/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { expectApiError, modelRequest } from "./support/api-checks.ts";
import type { EventStream } from "./support/event-stream.ts";
import { startChat, storedMessages } from "./support/interactions.ts";
import { eventsOfType, waitForOutcome } from "./support/server-events.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

const SUMMARY_REQUEST = { lastUserTextIncludes: "Summarize the conversation below" };

describe("compacting a conversation", () => {
  let server: TestServer | undefined;
  let events: EventStream | undefined;
  afterEach(async () => {
    await events?.close();
    await server?.dispose();
  });

  const turn = async (sessionId: string | undefined, text: string, answer: string) => {
    (server as TestServer).fake.script(reply().text(answer));
    const chat = await startChat(server as TestServer, { ...(sessionId && { session_id: sessionId }), text });
    await waitForOutcome(events as EventStream, chat.run_id);
    return chat;
  };

  it("on request: summarizes the older messages, marks where in the chat, and the model gets the summary next", async () => {
    server = await startTestServer();
    events = await server.events();
    const { session_id } = await turn(
      undefined,
      `My name is Ada. ${"Some background. ".repeat(200)}`,
      "Hello Ada.",
    );
    await turn(session_id, "I work on the parser.", "Noted: the parser.");
    await turn(session_id, "It is written in Rust.", "Rust, got it.");
    server.fake.reset();
    server.fake.when(SUMMARY_REQUEST, reply().text("Ada works on the parser."));

    const compacted = await server.json<CompactResponse>("POST", `/api/sessions/${session_id}/compact`, {
      instructions: "Keep the user's name",
    });

    expect(compacted).toMatchObject({
      session_id,
      agent_id: "main",
      run_id: expect.any(String),
      message_id: expect.any(String),
    });
    expect(compacted.post_tokens).toBeLessThan(compacted.pre_tokens);
    expect(JSON.stringify(server.fake.requests[0]?.body)).toContain(
      "Focus especially on: Keep the user's name",
    );
    const marker = (await storedMessages(server, session_id)).at(-1);
    expect(marker).toMatchObject({
      id: compacted.message_id,
      role: "system",
      run_id: compacted.run_id,
      rich: {
        kind: "SystemControl",
        data: {
          action: "compact",
          details: {
            trigger: "manual",
            pre_tokens: compacted.pre_tokens,
            post_tokens: compacted.post_tokens,
          },
        },
      },
    });
    const usage = eventsOfType(events.frames, "ContextUsage").find(
      (event) => event.run_id === compacted.run_id,
    );
    expect(usage).toMatchObject({
      compressed: true,
      trigger: "manual",
      message_id: compacted.message_id,
      message_count: 5,
    });
    const { runs } = await server.json<AgentRunList>("GET", `/api/agent-runs?session_id=${session_id}`);
    expect(runs.at(-1)).toMatchObject({
      id: compacted.run_id,
      kind: "compaction",
      status: "completed",
      prompt: "/compact Keep the user's name",
    });
    const raw = await server.json<AgentContext>(
      "GET",
      `/api/agent-context?run_id=${compacted.run_id}&view=raw`,
    );
    expect(raw.messages).toEqual([
      expect.objectContaining({
        type: "system",
        subtype: "compact_boundary",
        compact_metadata: expect.objectContaining({ trigger: "manual", pre_tokens: compacted.pre_tokens }),
      }),
    ]);

    await turn(session_id, "What is my name?", "Ada.");
    const sent = modelRequest(server, 1).messages;
    expect(JSON.stringify(sent[0])).toContain("Ada works on the parser.");
    expect(JSON.stringify(sent)).not.toContain("My name is Ada.");
    expect(JSON.stringify(sent)).toContain("It is written in Rust.");
  });

  it("refuses while the agent is busy, and when there is too little to compact", async () => {
    server = await startTestServer();
    events = await server.events();
    const { session_id } = await turn(undefined, "Hi", "Hello.");
    await expectApiError(
      await server.request("POST", `/api/sessions/${session_id}/compact`, { body: {} }),
      409,
      "conflict",
    );
    await turn(session_id, "Two", "Second.");
    await turn(session_id, "Three", "Third.");
    server.fake.script(hang());
    const busy = await startChat(server, { session_id, text: "Take your time" });
    await server.fake.waitForGate("hang");
    await expectApiError(
      await server.request("POST", `/api/sessions/${session_id}/compact`, { body: {} }),
      409,
      "conflict",
    );
    await server.json("POST", "/api/agent-cancel", { run_id: busy.run_id });
    await waitForOutcome(events, busy.run_id);
  });

  it("automatically before a turn once the conversation nears the model's context window", async () => {
    // A model whose context window the catalog knows (200 000 tokens), and a threshold of 20 tokens.
    server = await startTestServer({
      env: { PARLEY_MODEL: "anthropic:claude-sonnet-4-5" },
      compaction: { threshold: 0.0001, keepRecent: 2 },
    });
    events = await server.events();
    const { session_id } = await turn(undefined, "Remember the number 42.", "I will remember 42.");
    await turn(session_id, "And the colour blue.", "Blue, noted.");
    server.fake.reset();
    server.fake.when(SUMMARY_REQUEST, reply().text("The user asked to remember 42 and blue."));

    const third = await turn(session_id, "What did I ask you to remember?", "42 and blue.");

    expect(server.fake.requests).toHaveLength(2);
    const usage = eventsOfType(events.frames, "ContextUsage").filter(
      (event) => event.run_id === third.run_id,
    );
    expect(usage.map((event) => [event.compressed, event.trigger])).toEqual([
      [true, "auto"],
      [false, undefined],
    ]);
    const marker = (await storedMessages(server, session_id)).find(
      (message) => message.run_id === third.run_id && message.rich.kind === "SystemControl",
    );
    expect(marker?.rich.data).toMatchObject({ action: "compact", details: { trigger: "auto" } });
    const sent = modelRequest(server, 1).messages;
    expect(JSON.stringify(sent[0])).toContain("The user asked to remember 42 and blue.");
    expect(JSON.stringify(sent)).not.toContain("Remember the number 42.");
    const raw = await server.json<AgentContext>("GET", `/api/agent-context?run_id=${third.run_id}&view=raw`);
    expect((raw.messages as { subtype?: string }[])[0]).toMatchObject({ subtype: "compact_boundary" });
  });
});
