import { decodeSdkMessage } from "@parley/protocol";
import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSkillTool } from "../src/index.ts";
import { collectTurn, type Format, labels, ManualClock, modelFor, resultOf } from "./helpers.ts";

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer();
});
beforeEach(() => server.reset());
afterAll(async () => {
  await server.close();
});

const formats: Format[] = ["anthropic", "openai", "openai-compatible"];

describe.each(formats)("a plain answer from the %s format", (format) => {
  it("emits init, one assistant message per block and a success result carrying the text", async () => {
    server.script(reply().text("Hello ").text("world.").usage({ input: 12, output: 5 }));

    const messages = await collectTurn({ model: modelFor(server, format), prompt: "hi" });

    expect(labels(messages)).toEqual(["system/init", "assistant:text", "result/success"]);
    const assistant = messages[1];
    expect(assistant).toMatchObject({
      type: "assistant",
      parent_tool_use_id: null,
      session_id: "session-1",
      message: { role: "assistant", content: [{ type: "text", text: "Hello world." }], stop_reason: null },
    });
    expect(resultOf(messages)).toMatchObject({
      subtype: "success",
      is_error: false,
      result: "Hello world.",
      num_turns: 1,
      stop_reason: "end_turn",
      terminal_reason: "completed",
      permission_denials: [],
      usage: { input_tokens: 12, output_tokens: 5 },
      modelUsage: { [`${format}-fake-1`]: { inputTokens: 12, outputTokens: 5, costUSD: 0 } },
    });
  });

  it("streams partials in Anthropic's event order, with the assistant message before its block stops", async () => {
    server.script(reply().text("Hel").text("lo").usage({ input: 3, output: 2 }));

    const messages = await collectTurn({
      model: modelFor(server, format),
      prompt: "hi",
      includePartialMessages: true,
    });

    expect(labels(messages)).toEqual([
      "system/init",
      "system/status",
      "stream_event:message_start",
      "stream_event:content_block_start",
      "stream_event:content_block_delta",
      "stream_event:content_block_delta",
      "assistant:text",
      "stream_event:content_block_stop",
      "stream_event:message_delta",
      "stream_event:message_stop",
      "result/success",
    ]);
    const deltas = messages.flatMap((message) =>
      message.type === "stream_event" && message.event.type === "content_block_delta"
        ? [message.event.delta]
        : [],
    );
    expect(deltas).toEqual([
      { type: "text_delta", text: "Hel" },
      { type: "text_delta", text: "lo" },
    ]);
    expect(messages[1]).toMatchObject({ subtype: "status", status: "requesting" });
    const delta = messages.find((m) => m.type === "stream_event" && m.event.type === "message_delta");
    expect(delta).toMatchObject({
      event: { delta: { stop_reason: "end_turn" }, usage: { output_tokens: 2 } },
    });
  });

  it("emits only messages that the protocol decoder accepts", async () => {
    server.script(
      reply().thinking("Let me think.").text("Done.").toolCall("missing_tool", { a: 1 }),
      reply().text("ok"),
    );

    const messages = await collectTurn({
      model: modelFor(server, format),
      prompt: "hi",
      includePartialMessages: true,
    });

    for (const message of messages) {
      const decoded = decodeSdkMessage(JSON.stringify(message));
      expect(decoded.kind, JSON.stringify(decoded)).toBe("message");
    }
  });
});

describe("system/init", () => {
  it("reports the working directory, the model, the tools and the permission mode like the CLI", async () => {
    server.script(reply().text("hi"));

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "hi",
      cwd: "/home/user/project",
      permissionMode: "acceptEdits",
    });

    expect(messages[0]).toMatchObject({
      type: "system",
      subtype: "init",
      cwd: "/home/user/project",
      model: "anthropic-fake-1",
      permissionMode: "acceptEdits",
      apiKeySource: "ANTHROPIC_API_KEY",
      tools: [],
      mcp_servers: [],
      claude_code_version: "0.1.0",
      session_id: "session-1",
    });
  });

  it("lists the skills the host names while the turn offers the Skill tool, and none in a turn without it", async () => {
    server.script(reply().text("hi"), reply().text("hi"));
    const skill = createSkillTool("/work/project", [
      {
        name: "deploy",
        description: "Deploy.",
        source: "project",
        file: ".claude/skills/deploy/SKILL.md",
        folder: ".claude/skills/deploy",
      },
    ]);
    const model = modelFor(server, "anthropic");

    const offered = await collectTurn({ model, prompt: "hi", tools: [skill], skills: ["deploy"] });
    const without = await collectTurn({ model, prompt: "hi", tools: [], skills: ["deploy"] });

    expect(offered[0]).toMatchObject({ subtype: "init", tools: ["Skill"], skills: ["deploy"] });
    expect(without[0]).toMatchObject({ subtype: "init", tools: [], skills: [] });
  });
});

describe("thinking", () => {
  it("turns Anthropic thinking into a signed thinking block and thinking/signature deltas", async () => {
    server.script(reply().thinking("First, ").thinking("think.", { signature: "sig-123" }).text("Answer."));

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "think",
      includePartialMessages: true,
    });

    const assistants = messages.filter((message) => message.type === "assistant");
    expect(assistants.map((message) => message.message.content)).toEqual([
      [{ type: "thinking", thinking: "First, think.", signature: "sig-123" }],
      [{ type: "text", text: "Answer." }],
    ]);
    expect(new Set(assistants.map((message) => message.message.id)).size).toBe(1);
    const deltaTypes = messages.flatMap((message) =>
      message.type === "stream_event" && message.event.type === "content_block_delta"
        ? [message.event.delta.type]
        : [],
    );
    expect(deltaTypes).toEqual(["thinking_delta", "thinking_delta", "signature_delta", "text_delta"]);
  });

  it("turns an OpenAI-compatible server's reasoning_content into an unsigned thinking block", async () => {
    server.script(
      reply()
        .thinking("Weighing ")
        .thinking("options.")
        .text("Pick B.")
        .usage({ input: 4, output: 9, reasoning: 6 }),
    );

    const messages = await collectTurn({ model: modelFor(server, "openai-compatible"), prompt: "choose" });

    expect(labels(messages)).toEqual([
      "system/init",
      "assistant:thinking",
      "assistant:text",
      "result/success",
    ]);
    expect(messages[1]).toMatchObject({
      message: { content: [{ type: "thinking", thinking: "Weighing options." }] },
    });
    expect(resultOf(messages)).toMatchObject({
      result: "Pick B.",
      usage: { output_tokens: 9, output_tokens_details: { thinking_tokens: 6 } },
    });
  });
});

describe("timing and cost", () => {
  it("measures durations with the injected clock and prices known models at list price", async () => {
    server.script(reply().text("hello").usage({ input: 12, output: 5 }));
    const clock = new ManualClock();

    const messages = await collectTurn({
      model: modelFor(server, "anthropic", "claude-opus-5-5"),
      prompt: "hi",
      clock,
    });

    expect(resultOf(messages)).toMatchObject({
      duration_ms: 0,
      duration_api_ms: 0,
      total_cost_usd: 0.000148,
      modelUsage: {
        "claude-opus-5-5": {
          costUSD: 0.000148,
          contextWindow: 1_000_000,
          maxOutputTokens: 128_000,
          costBasis: "list",
        },
      },
    });
  });
});
