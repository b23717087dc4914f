import type { MessageParam } from "@parley/protocol";
import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { AgentSession, defineTool, foldTurnIntoHistory } from "../src/index.ts";
import { collectTurn, type Format, modelFor, sequentialIds } from "./helpers.ts";

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer();
});
beforeEach(() => server.reset());
afterAll(async () => {
  await server.close();
});

const echo = defineTool({
  name: "echo",
  description: "Echo the text back",
  inputSchema: z.object({ text: z.string() }),
  requiresApproval: false,
  execute: async ({ text }) => `echo: ${text}`,
});

describe.each<Format>(["anthropic", "openai", "openai-compatible"])(
  "a second turn in the %s format",
  (format) => {
    it("sends the first turn, tool call and result included, in the second request", async () => {
      server.script(
        reply().text("Let me echo.").toolCall("echo", { text: "ping" }, { id: "call_1" }),
        reply().text("It said ping."),
        reply().text("You asked about ping."),
      );
      const session = new AgentSession({
        model: modelFor(server, format),
        cwd: "/work",
        tools: [echo],
        idGenerator: sequentialIds(),
      });

      for await (const _ of session.send("first question")) {
      }
      for await (const _ of session.send("second question")) {
      }

      expect(session.history).toEqual([
        { role: "user", content: [{ type: "text", text: "first question" }] },
        {
          role: "assistant",
          content: [
            { type: "text", text: "Let me echo." },
            { type: "tool_use", id: "call_1", name: "echo", input: { text: "ping" } },
          ],
        },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "call_1", content: "echo: ping" }] },
        { role: "assistant", content: [{ type: "text", text: "It said ping." }] },
        { role: "user", content: [{ type: "text", text: "second question" }] },
        { role: "assistant", content: [{ type: "text", text: "You asked about ping." }] },
      ]);
      const third = JSON.stringify(server.requests[2]?.body);
      for (const expected of [
        "first question",
        "Let me echo.",
        "call_1",
        "echo: ping",
        "It said ping.",
        "second question",
      ]) {
        expect(third).toContain(expected);
      }
    });
  },
);

describe("history conversion to the Anthropic wire format", () => {
  it("sends thinking with its signature, images, tool calls and tool results back as the API expects", async () => {
    server.script(reply().text("Seen."));
    const history: MessageParam[] = [
      {
        role: "user",
        content: [
          { type: "text", text: "What is in this picture?" },
          { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
        ],
      },
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "A small PNG.", signature: "sig-abc" },
          { type: "tool_use", id: "toolu_1", name: "echo", input: { text: "png" } },
        ],
      },
      {
        role: "user",
        content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "echo: png", is_error: false }],
      },
      { role: "assistant", content: "A one-pixel image." },
    ];

    await collectTurn({ model: modelFor(server, "anthropic"), history, prompt: "And now?", tools: [echo] });

    expect(server.requests[0]?.body).toMatchObject({
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "What is in this picture?" },
            { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
          ],
        },
        {
          role: "assistant",
          content: [
            { type: "thinking", thinking: "A small PNG.", signature: "sig-abc" },
            { type: "tool_use", id: "toolu_1", name: "echo", input: { text: "png" } },
          ],
        },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "echo: png" }] },
        { role: "assistant", content: [{ type: "text", text: "A one-pixel image." }] },
        { role: "user", content: [{ type: "text", text: "And now?" }] },
      ],
      tools: [{ name: "echo", description: "Echo the text back", input_schema: { type: "object" } }],
    });
  });

  it("sends the system prompt as Anthropic's system field and as OpenAI's system message", async () => {
    server.script(reply().text("a"), reply().text("b"));

    await collectTurn({ model: modelFor(server, "anthropic"), prompt: "hi", systemPrompt: "Be brief." });
    await collectTurn({ model: modelFor(server, "openai"), prompt: "hi", systemPrompt: "Be brief." });

    expect(server.requests[0]?.body).toMatchObject({ system: [{ type: "text", text: "Be brief." }] });
    expect(server.requests[1]?.body).toMatchObject({
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "hi" },
      ],
    });
  });
});

describe("folding a turn into history", () => {
  it("groups assistant blocks by message id and merges tool results into one user message", async () => {
    server.script(
      reply()
        .toolCall("echo", { text: "a" }, { id: "call_a" })
        .toolCall("echo", { text: "b" }, { id: "call_b" }),
      reply().text("Both echoed."),
    );

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "echo twice",
      tools: [echo],
    });

    expect(foldTurnIntoHistory({ prompt: "echo twice", messages })).toEqual([
      { role: "user", content: [{ type: "text", text: "echo twice" }] },
      {
        role: "assistant",
        content: [
          { type: "tool_use", id: "call_a", name: "echo", input: { text: "a" } },
          { type: "tool_use", id: "call_b", name: "echo", input: { text: "b" } },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "call_a", content: "echo: a" },
          { type: "tool_result", tool_use_id: "call_b", content: "echo: b" },
        ],
      },
      { role: "assistant", content: [{ type: "text", text: "Both echoed." }] },
    ]);
  });
});
