import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  builtinTools,
  createTaskTool,
  type EngineMessage,
  foldTurnIntoHistory,
  GENERAL_PURPOSE_AGENT,
  type ToolContext,
  type ToolPermissionRequest,
} from "../src/index.ts";
import { collectTurn, labels, modelFor, resultOf, sequentialIds } from "./helpers.ts";
import { createProject, type ProjectFixture } from "./project-fixture.ts";
import { startTurn, toolResultOf } from "./turn-driver.ts";

let server: FakeModelServer;
let project: ProjectFixture;
beforeAll(async () => {
  server = await startFakeModelServer();
});
beforeEach(async () => {
  server.reset();
  project = await createProject({ "notes.txt": "The launch is on Tuesday.\n" });
});
afterEach(async () => {
  await project.remove();
});
afterAll(async () => {
  await server.close();
});

const TASK_INPUT = {
  description: "Find the launch day",
  prompt: "Read notes.txt and tell me the launch day.",
};

function parentOf(message: EngineMessage): string | null | undefined {
  return "parent_tool_use_id" in message ? (message.parent_tool_use_id as string | null) : undefined;
}

describe("Task", () => {
  it("runs a subagent whose messages carry the Task call's id and whose answer is the tool result", async () => {
    server.script(
      reply().toolCall("Task", TASK_INPUT, { id: "call_task" }).usage({ input: 100, output: 10 }),
      reply()
        .toolCall("Read", { file_path: "notes.txt" }, { id: "call_read" })
        .usage({ input: 20, output: 5 }),
      reply().text("The launch is on Tuesday.").usage({ input: 30, output: 6 }),
      reply().text("Your launch is on Tuesday.").usage({ input: 200, output: 8 }),
    );

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "When is the launch?",
      cwd: project.root,
      tools: builtinTools(),
    });

    expect(labels(messages)).toEqual([
      "system/init",
      "assistant:tool_use",
      "system/task_started",
      "assistant:tool_use",
      "user:tool_result",
      "assistant:text",
      "system/task_notification",
      "user:tool_result",
      "assistant:text",
      "result/success",
    ]);
    expect(messages.map(parentOf)).toEqual([
      undefined,
      null,
      undefined,
      "call_task",
      "call_task",
      "call_task",
      undefined,
      null,
      null,
      undefined,
    ]);
    expect(messages[2]).toMatchObject({
      type: "system",
      subtype: "task_started",
      task_id: expect.stringMatching(/^task_[0-9a-f]{16}$/),
      tool_use_id: "call_task",
      description: "Find the launch day",
      subagent_type: "general-purpose",
      prompt: TASK_INPUT.prompt,
      spawn_depth: 1,
      session_id: "session-1",
    });
    expect(messages[6]).toMatchObject({
      type: "system",
      subtype: "task_notification",
      task_id: (messages[2] as { task_id: string }).task_id,
      tool_use_id: "call_task",
      status: "completed",
      summary: "The launch is on Tuesday.",
      usage: { total_tokens: 61, tool_uses: 1 },
    });
    expect(toolResultOf(messages, "call_read").content).toContain("The launch is on Tuesday.");
    expect(toolResultOf(messages, "call_task")).toMatchObject({
      content: "The launch is on Tuesday.",
      isError: false,
      data: { status: "completed", subagentType: "general-purpose", totalToolUseCount: 1, numTurns: 2 },
    });
    expect(resultOf(messages)).toMatchObject({
      result: "Your launch is on Tuesday.",
      usage: { input_tokens: 350, output_tokens: 29 },
    });
  });

  it("gives the subagent its own prompt, system prompt and tools, without Task", async () => {
    server.script(
      reply().toolCall("Task", TASK_INPUT, { id: "call_task" }),
      reply().text("Tuesday."),
      reply().text("Tuesday it is."),
    );

    await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "When is the launch?",
      cwd: project.root,
      tools: builtinTools(),
    });

    const child = server.requests[1]?.body as {
      system: { text: string }[];
      messages: { role: string; content: unknown }[];
      tools: { name: string }[];
    };
    expect(child.system.map((block) => block.text).join("")).toBe(GENERAL_PURPOSE_AGENT.prompt);
    expect(child.messages).toEqual([{ role: "user", content: [{ type: "text", text: TASK_INPUT.prompt }] }]);
    expect(child.tools.map((tool) => tool.name)).toEqual([
      "Read",
      "LS",
      "Glob",
      "Grep",
      "Write",
      "Edit",
      "Bash",
    ]);
    expect(JSON.stringify(server.requests[2]?.body)).toContain("Tuesday.");
  });

  it("lets subagents nest up to the depth limit", async () => {
    server.script(
      reply().toolCall("Task", TASK_INPUT, { id: "call_outer" }),
      reply().toolCall("Task", { description: "Inner", prompt: "Look deeper." }, { id: "call_inner" }),
      reply().text("Deep answer."),
      reply().text("Inner said: Deep answer."),
      reply().text("Done."),
    );

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "go",
      cwd: project.root,
      tools: builtinTools({ task: { maxDepth: 2 } }),
    });

    const names = (index: number) =>
      ((server.requests[index]?.body as { tools: { name: string }[] } | undefined)?.tools ?? []).map(
        (tool) => tool.name,
      );
    expect(names(1)).toContain("Task");
    expect(names(2)).not.toContain("Task");
    const started = messages.filter(
      (message) => message.type === "system" && message.subtype === "task_started",
    );
    expect(started).toMatchObject([
      { tool_use_id: "call_outer", spawn_depth: 1 },
      {
        tool_use_id: "call_inner",
        spawn_depth: 2,
        parent_task_id: (started[0] as { task_id: string }).task_id,
      },
    ]);
    expect(started[0]).not.toHaveProperty("parent_task_id");
    const innerText = messages.find(
      (message) =>
        message.type === "assistant" && JSON.stringify(message.message.content).includes("Deep answer."),
    );
    expect(innerText && parentOf(innerText)).toBe("call_inner");
    expect(toolResultOf(messages, "call_outer").content).toBe("Inner said: Deep answer.");
  });

  it("asks for the subagent's approvals with the Task call named as the parent", async () => {
    server.script(
      reply().toolCall("Task", TASK_INPUT, { id: "call_task" }),
      reply().toolCall("Write", { file_path: "out.txt", content: "x" }, { id: "call_write" }),
      reply().text("Could not write."),
      reply().text("ok"),
    );
    const asked: Omit<ToolPermissionRequest, "signal">[] = [];

    await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "go",
      cwd: project.root,
      tools: builtinTools(),
      canUseTool: async ({ signal: _signal, ...request }) => {
        asked.push(request);
        return { behavior: "deny", message: "No writing today." };
      },
    });

    expect(asked).toEqual([
      {
        toolName: "Write",
        input: { file_path: "out.txt", content: "x" },
        toolUseId: "call_write",
        access: { kind: "write", path: "out.txt" },
        parentToolUseId: "call_task",
      },
    ]);
  });

  it("keeps the subagent's messages out of the parent's history", async () => {
    server.script(
      reply().toolCall("Task", TASK_INPUT, { id: "call_task" }),
      reply().toolCall("Read", { file_path: "notes.txt" }, { id: "call_read" }),
      reply().text("Tuesday."),
      reply().text("It is Tuesday."),
    );

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "When?",
      cwd: project.root,
      tools: builtinTools(),
    });

    expect(foldTurnIntoHistory({ prompt: "When?", messages })).toEqual([
      { role: "user", content: [{ type: "text", text: "When?" }] },
      {
        role: "assistant",
        content: [{ type: "tool_use", id: "call_task", name: "Task", input: TASK_INPUT }],
      },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "call_task", content: "Tuesday." }] },
      { role: "assistant", content: [{ type: "text", text: "It is Tuesday." }] },
    ]);
  });

  it("answers an unknown subagent type with an error listing the known ones", async () => {
    server.script(
      reply().toolCall("Task", { ...TASK_INPUT, subagent_type: "wizard" }, { id: "call_task" }),
      reply().text("ok"),
    );

    const messages = await collectTurn({
      model: modelFor(server, "anthropic"),
      prompt: "go",
      cwd: project.root,
      tools: builtinTools(),
    });

    expect(toolResultOf(messages, "call_task")).toMatchObject({
      content: 'Error: Unknown subagent_type "wizard"; available: general-purpose.',
      isError: true,
    });
    expect(server.requests).toHaveLength(2);
  });

  it("closes the task with a failed notification when the subagent's turn breaks down", async () => {
    const emitted: EngineMessage[] = [];
    async function* brokenTurn(): AsyncGenerator<EngineMessage, void, undefined> {
      yield* [];
      throw new Error("the model configuration disappeared");
    }
    const context: ToolContext = {
      signal: new AbortController().signal,
      cwd: project.root,
      toolUseId: "call_task",
      onProgress: () => {},
      emit: (message) => void emitted.push(message),
      turn: {
        sessionId: "session-1",
        depth: 0,
        tools: [],
        newUuid: sequentialIds().uuid,
        runSubagent: brokenTurn,
      },
    };

    await expect(createTaskTool().execute(TASK_INPUT, context)).rejects.toThrow(
      "the model configuration disappeared",
    );

    expect(labels(emitted)).toEqual(["system/task_started", "system/task_notification"]);
    expect(emitted[1]).toMatchObject({
      tool_use_id: "call_task",
      status: "failed",
      summary: "The subagent failed: the model configuration disappeared",
    });
  });

  it("cancels the subagent when the parent turn is cancelled", async () => {
    server.script(
      reply().toolCall("Task", TASK_INPUT, { id: "call_task" }),
      reply().text("Working on").hang(),
    );
    const turn = startTurn({
      model: modelFor(server, "anthropic"),
      cwd: project.root,
      tools: builtinTools(),
    });

    await server.waitForGate("hang", 1);
    turn.controller.abort();
    await turn.done;

    expect(await server.waitForResponseEnd(1)).toBe("client_aborted");
    expect(labels(turn.messages)).toEqual([
      "system/init",
      "assistant:tool_use",
      "system/task_started",
      "system/task_notification",
      "user:tool_result",
      "user:text",
      "result/error_during_execution",
    ]);
    expect(turn.messages[3]).toMatchObject({ status: "stopped", tool_use_id: "call_task" });
    expect(resultOf(turn.messages)).toMatchObject({ terminal_reason: "aborted_tools" });
    expect(server.requests).toHaveLength(2);
  });
});
