import type { PermissionResult } from "@parley/protocol";
import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool, type ToolPermissionRequest } from "../src/index.ts";
import { allowEveryCall, collectTurn, type Format, labels, modelFor, resultOf } from "./helpers.ts";

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer();
});
beforeEach(() => server.reset());
afterAll(async () => {
  await server.close();
});

const executed: unknown[] = [];
beforeEach(() => {
  executed.length = 0;
});

const writeFile = defineTool({
  name: "write_file",
  description: "Write a file",
  inputSchema: z.object({ path: z.string(), content: z.string() }),
  requiresApproval: true,
  execute: async (input, context) => {
    executed.push(input);
    context.onProgress(`writing ${input.path}`);
    context.onProgress("almost done", "stderr");
    return {
      content: `wrote ${input.content.length} bytes to ${input.path}`,
      data: { bytes: input.content.length },
    };
  },
});

describe.each<Format>(["anthropic", "openai", "openai-compatible"])(
  "a tool round trip in the %s format",
  (format) => {
    it("runs the tool, emits its progress and result, and gives the model the result", async () => {
      server.script(
        reply()
          .text("Writing.")
          .toolCall("write_file", { path: "a.txt", content: "hello" }, { id: "call_w" }),
        reply().text("Done: wrote it."),
      );

      const messages = await collectTurn({
        model: modelFor(server, format),
        prompt: "write a.txt",
        tools: [writeFile],
        canUseTool: allowEveryCall,
      });

      expect(labels(messages)).toEqual([
        "system/init",
        "assistant:text",
        "assistant:tool_use",
        "tool_progress",
        "tool_progress",
        "user:tool_result",
        "assistant:text",
        "result/success",
      ]);
      expect(executed).toEqual([{ path: "a.txt", content: "hello" }]);
      expect(messages.filter((message) => message.type === "tool_progress")).toMatchObject([
        { tool_use_id: "call_w", tool_name: "write_file", line: "writing a.txt", stream: "stdout" },
        { tool_use_id: "call_w", tool_name: "write_file", line: "almost done", stream: "stderr" },
      ]);
      expect(messages[5]).toMatchObject({
        type: "user",
        message: {
          role: "user",
          content: [{ type: "tool_result", tool_use_id: "call_w", content: "wrote 5 bytes to a.txt" }],
        },
        tool_use_result: { bytes: 5 },
      });
      expect(resultOf(messages)).toMatchObject({
        result: "Done: wrote it.",
        num_turns: 2,
        stop_reason: "end_turn",
      });
      expect(JSON.stringify(server.requests[1]?.body)).toContain("wrote 5 bytes to a.txt");
    });
  },
);

describe("approvals", () => {
  it("denies a tool that requires approval when the turn has no canUseTool, and tells the model why", async () => {
    server.script(
      reply().toolCall("write_file", { path: "a.txt", content: "x" }, { id: "call_n" }),
      reply().text("I could not write it."),
    );

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "write a.txt",
      tools: [writeFile],
    });

    expect(executed).toEqual([]);
    expect(messages[2]).toMatchObject({
      message: {
        content: [
          {
            type: "tool_result",
            tool_use_id: "call_n",
            content: expect.stringContaining("write_file requires approval"),
            is_error: true,
          },
        ],
      },
    });
    expect(resultOf(messages).permission_denials).toEqual([
      { tool_name: "write_file", tool_use_id: "call_n", tool_input: { path: "a.txt", content: "x" } },
    ]);
    expect(JSON.stringify(server.requests[1]?.body)).toContain("they must allow write_file");
  });

  it("asks canUseTool, and a denial becomes an error result the model sees and a permission denial", async () => {
    server.script(
      reply().toolCall("write_file", { path: "/etc/passwd", content: "x" }, { id: "call_d" }),
      reply().text("Understood, I will not write it."),
    );
    const asked: Omit<ToolPermissionRequest, "signal">[] = [];

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "write passwd",
      tools: [writeFile],
      canUseTool: async ({ signal: _signal, ...request }): Promise<PermissionResult> => {
        asked.push(request);
        return { behavior: "deny", message: "Writing outside the project is not allowed" };
      },
    });

    expect(asked).toEqual([
      { toolName: "write_file", input: { path: "/etc/passwd", content: "x" }, toolUseId: "call_d" },
    ]);
    expect(executed).toEqual([]);
    expect(messages[2]).toMatchObject({
      message: {
        content: [
          {
            type: "tool_result",
            tool_use_id: "call_d",
            content: "Writing outside the project is not allowed",
            is_error: true,
          },
        ],
      },
    });
    expect(resultOf(messages)).toMatchObject({
      subtype: "success",
      result: "Understood, I will not write it.",
      permission_denials: [
        { tool_name: "write_file", tool_use_id: "call_d", tool_input: { path: "/etc/passwd", content: "x" } },
      ],
    });
    expect(JSON.stringify(server.requests[1]?.body)).toContain("Writing outside the project is not allowed");
  });

  it("runs the tool with the input the host edited when it allows with updatedInput", async () => {
    server.script(reply().toolCall("write_file", { path: "a.txt", content: "draft" }), reply().text("ok"));

    await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "write",
      tools: [writeFile],
      canUseTool: async () => ({ behavior: "allow", updatedInput: { path: "a.txt", content: "final" } }),
    });

    expect(executed).toEqual([{ path: "a.txt", content: "final" }]);
  });

  it("treats an approval callback that fails as a denial", async () => {
    server.script(
      reply().toolCall("write_file", { path: "a", content: "b" }, { id: "call_e" }),
      reply().text("ok"),
    );

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "write",
      tools: [writeFile],
      canUseTool: async () => {
        throw new Error("host went away");
      },
    });

    expect(executed).toEqual([]);
    expect(messages[2]).toMatchObject({
      message: {
        content: [
          { tool_use_id: "call_e", is_error: true, content: "Permission check failed: host went away" },
        ],
      },
    });
    expect(resultOf(messages)).toMatchObject({
      subtype: "success",
      permission_denials: [{ tool_use_id: "call_e" }],
    });
  });

  it("does not ask about tools that need no approval", async () => {
    const read = defineTool({
      name: "read_file",
      description: "Read a file",
      inputSchema: z.object({ path: z.string() }),
      requiresApproval: false,
      execute: async ({ path }) => `contents of ${path}`,
    });
    server.script(reply().toolCall("read_file", { path: "a.txt" }), reply().text("ok"));
    let asked = 0;

    await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "read",
      tools: [read],
      canUseTool: async () => {
        asked += 1;
        return { behavior: "allow" };
      },
    });

    expect(asked).toBe(0);
    expect(JSON.stringify(server.requests[1]?.body)).toContain("contents of a.txt");
  });
});

describe("bad tool calls", () => {
  it("answers invalid input with an error result naming the field, without running the tool", async () => {
    server.script(reply().toolCall("write_file", { path: 42 }, { id: "call_bad" }), reply().text("Sorry."));

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "write",
      tools: [writeFile],
    });

    expect(executed).toEqual([]);
    const result = messages[2];
    expect(result?.type === "user" && result.message.content).toEqual([
      {
        type: "tool_result",
        tool_use_id: "call_bad",
        is_error: true,
        content: expect.stringMatching(/InputValidationError: write_file failed[\s\S]*path[\s\S]*content/),
      },
    ]);
    expect(JSON.stringify(server.requests[1]?.body)).toContain("InputValidationError");
  });

  it("answers a call of an unknown tool with an error result", async () => {
    server.script(reply().toolCall("delete_everything", {}, { id: "call_x" }), reply().text("ok"));

    const messages = await collectTurn({
      model: modelFor(server, "openai"),
      prompt: "go",
      tools: [writeFile],
    });

    expect(messages[2]).toMatchObject({
      message: {
        content: [
          {
            tool_use_id: "call_x",
            is_error: true,
            content: "<tool_use_error>Error: No such tool available: delete_everything</tool_use_error>",
          },
        ],
      },
    });
  });

  it("turns a tool that throws into an error result and carries on", async () => {
    const failing = defineTool({
      name: "fail",
      description: "Always fails",
      inputSchema: z.object({}),
      requiresApproval: false,
      execute: async () => {
        throw new Error("disk full");
      },
    });
    server.script(reply().toolCall("fail", {}, { id: "call_f" }), reply().text("It failed."));

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "go",
      tools: [failing],
    });

    expect(messages[2]).toMatchObject({
      message: { content: [{ tool_use_id: "call_f", is_error: true, content: "Error: disk full" }] },
    });
    expect(resultOf(messages)).toMatchObject({ subtype: "success", result: "It failed." });
  });
});

describe("max turns", () => {
  it("ends with error_max_turns after the tool results when the model would need another turn", async () => {
    server.script(reply().toolCall("write_file", { path: "a", content: "b" }));

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "write",
      tools: [writeFile],
      canUseTool: allowEveryCall,
      maxTurns: 1,
    });

    expect(labels(messages)).toEqual([
      "system/init",
      "assistant:tool_use",
      "tool_progress",
      "tool_progress",
      "user:tool_result",
      "result/error_max_turns",
    ]);
    expect(resultOf(messages)).toMatchObject({
      is_error: true,
      num_turns: 2,
      stop_reason: "tool_use",
      terminal_reason: "max_turns",
      errors: ["Reached maximum number of turns (1)"],
    });
    expect(server.requests).toHaveLength(1);
  });
});

describe("structured output", () => {
  it("reminds a model that keeps ending without StructuredOutput five times, then fails the turn", async () => {
    server.script(...Array.from({ length: 6 }, () => reply().text("Here it is, in words.")));

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "Give it as JSON",
      outputSchema: { type: "object", properties: { n: { type: "number" } } },
    });

    expect(labels(messages).filter((label) => label === "user:text")).toHaveLength(5);
    expect(resultOf(messages)).toMatchObject({
      subtype: "error_max_structured_output_retries",
      is_error: true,
      terminal_reason: "structured_output_retry_exhausted",
    });
    expect(server.requests).toHaveLength(6);
  });
});

describe("queued messages", () => {
  it("delivers queued messages after the tool results of the next request and reports each one", async () => {
    server.script(
      reply().toolCall("write_file", { path: "a", content: "b" }, { id: "call_q" }),
      reply().text("Noted."),
    );
    const queue = [["Also add a README, please."]];
    let calls = 0;

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "write",
      tools: [writeFile],
      canUseTool: allowEveryCall,
      takeQueuedMessages: () => {
        calls += 1;
        return queue.shift() ?? [];
      },
    });

    expect(calls).toBe(1);
    expect(labels(messages).slice(-4)).toEqual([
      "user:tool_result",
      "user:text",
      "assistant:text",
      "result/success",
    ]);
    expect(messages.at(-3)).toMatchObject({
      type: "user",
      message: { content: "Also add a README, please." },
    });
    expect(server.requests[1]?.body).toMatchObject({
      messages: [
        { role: "user" },
        { role: "assistant", content: [{ type: "tool_use", id: "call_q" }] },
        {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: "call_q" },
            { type: "text", text: "Also add a README, please." },
          ],
        },
      ],
    });
  });

  it("delivers queued messages after tool results in the OpenAI format too", async () => {
    server.script(
      reply().toolCall("write_file", { path: "a", content: "b" }, { id: "call_o" }),
      reply().text("ok"),
    );

    await collectTurn({
      model: modelFor(server, "openai"),
      prompt: "write",
      tools: [writeFile],
      canUseTool: allowEveryCall,
      takeQueuedMessages: () => ["stop after this"],
    });

    const body = server.requests[1]?.body as { messages: { role: string; content: unknown }[] } | undefined;
    const roles = body?.messages ?? [];
    expect(roles.map((message) => message.role)).toEqual(["user", "assistant", "tool", "user"]);
    expect(roles[3]?.content).toBe("stop after this");
  });
});
