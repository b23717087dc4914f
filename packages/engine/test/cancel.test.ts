import { type FakeModelServer, reply, startFakeModelServer } from "@parley/testkit";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool, type EngineMessage, foldTurnIntoHistory, runAgentTurn } from "../src/index.ts";
import { type Format, labels, modelFor, resultOf, sequentialIds } from "./helpers.ts";

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer();
});
beforeEach(() => server.reset());
afterAll(async () => {
  await server.close();
});

function startTurn(options: Partial<Parameters<typeof runAgentTurn>[0]> & { format?: Format } = {}) {
  const controller = new AbortController();
  const messages: EngineMessage[] = [];
  const turn = runAgentTurn({
    sessionId: "s",
    history: [],
    prompt: "go",
    cwd: "/",
    model: modelFor(server, options.format ?? "anthropic"),
    idGenerator: sequentialIds(),
    signal: controller.signal,
    ...options,
  });
  const waiters: { predicate: (message: EngineMessage) => boolean; resolve: () => void }[] = [];
  const done = (async () => {
    for await (const message of turn) {
      messages.push(message);
      for (const waiter of waiters.filter((candidate) => candidate.predicate(message))) waiter.resolve();
    }
  })();
  /** Resolves once the turn has emitted a message matching `predicate`. */
  const waitForMessage = (predicate: (message: EngineMessage) => boolean) =>
    messages.some(predicate)
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiters.push({ predicate, resolve }));
  return { controller, messages, done, waitForMessage };
}

describe.each<Format>(["anthropic", "openai"])("interrupting a %s stream", (format) => {
  it("aborts the request, keeps the finished blocks and ends with the interrupt result", async () => {
    server.script(reply().text("Finished block.").toolCall("noop", {}).text("and more").hang());
    const { controller, messages, done } = startTurn({ format });

    await server.waitForGate("hang", 0);
    controller.abort();
    await done;

    expect(await server.waitForResponseEnd(0)).toBe("client_aborted");
    expect(labels(messages).slice(-2)).toEqual(["user:text", "result/error_during_execution"]);
    expect(messages.at(-2)).toMatchObject({
      message: { content: [{ type: "text", text: "[Request interrupted by user]" }] },
    });
    expect(resultOf(messages)).toMatchObject({
      is_error: true,
      terminal_reason: "aborted_streaming",
      errors: ["Request interrupted by user"],
    });
    expect(server.requests).toHaveLength(1);
  });
});

describe("interrupting a turn", () => {
  it("answers a tool call that finished streaming before the interrupt so the history stays valid", async () => {
    server.script(reply().toolCall("noop", {}, { id: "call_1" }).text("trailing").hang());
    const { controller, messages, done, waitForMessage } = startTurn();

    await waitForMessage((message) => message.type === "assistant");
    controller.abort();
    await done;

    expect(labels(messages)).toEqual([
      "system/init",
      "assistant:tool_use",
      "user:tool_result",
      "user:text",
      "result/error_during_execution",
    ]);
    expect(foldTurnIntoHistory({ prompt: "go", messages }).map((entry) => entry.role)).toEqual([
      "user",
      "assistant",
      "user",
    ]);
  });

  it("stops a running tool through its signal and ends with aborted_tools", async () => {
    let started!: () => void;
    const toolStarted = new Promise<void>((resolve) => (started = resolve));
    let sawAbort = false;
    const slow = defineTool({
      name: "slow",
      description: "Runs until aborted",
      inputSchema: z.object({}),
      requiresApproval: false,
      execute: (_input, { signal }) =>
        new Promise((_resolve, reject) => {
          started();
          signal.addEventListener("abort", () => {
            sawAbort = true;
            reject(new Error("aborted"));
          });
        }),
    });
    server.script(reply().toolCall("slow", {}, { id: "call_slow" }));
    const { controller, messages, done } = startTurn({ tools: [slow] });

    await toolStarted;
    controller.abort();
    await done;

    expect(sawAbort).toBe(true);
    expect(labels(messages)).toEqual([
      "system/init",
      "assistant:tool_use",
      "user:tool_result",
      "user:text",
      "result/error_during_execution",
    ]);
    expect(messages[2]).toMatchObject({
      message: { content: [{ tool_use_id: "call_slow", is_error: true }] },
    });
    expect(messages[3]).toMatchObject({
      message: { content: [{ type: "text", text: "[Request interrupted by user for tool use]" }] },
    });
    expect(resultOf(messages)).toMatchObject({ terminal_reason: "aborted_tools" });
  });

  it("stops waiting for an approval that never comes", async () => {
    const gated = defineTool({
      name: "gated",
      description: "Needs approval",
      inputSchema: z.object({}),
      requiresApproval: true,
      execute: async () => "ran",
    });
    let asked!: () => void;
    const approvalAsked = new Promise<void>((resolve) => (asked = resolve));
    server.script(reply().toolCall("gated", {}));
    const { controller, messages, done } = startTurn({
      tools: [gated],
      canUseTool: () => {
        asked();
        return new Promise(() => {});
      },
    });

    await approvalAsked;
    controller.abort();
    await done;

    expect(resultOf(messages)).toMatchObject({
      subtype: "error_during_execution",
      terminal_reason: "aborted_tools",
    });
  });

  it("ends the turn when the host denies with interrupt", async () => {
    const gated = defineTool({
      name: "gated",
      description: "Needs approval",
      inputSchema: z.object({}),
      requiresApproval: true,
      execute: async () => "ran",
    });
    server.script(reply().toolCall("gated", {}, { id: "call_g" }));
    const { messages, done } = startTurn({
      tools: [gated],
      canUseTool: async () => ({ behavior: "deny", message: "Stop right there", interrupt: true }),
    });

    await done;

    expect(labels(messages)).toEqual([
      "system/init",
      "assistant:tool_use",
      "user:tool_result",
      "user:text",
      "result/error_during_execution",
    ]);
    expect(resultOf(messages)).toMatchObject({
      terminal_reason: "aborted_tools",
      permission_denials: [{ tool_name: "gated", tool_use_id: "call_g" }],
    });
    expect(server.requests).toHaveLength(1);
  });

  it("emits nothing more once the result is out, and a consumer that stops early aborts the request", async () => {
    server.script(reply().text("streaming").hang());
    const turn = runAgentTurn({
      sessionId: "s",
      history: [],
      prompt: "go",
      cwd: "/",
      model: modelFor(server, "anthropic"),
      includePartialMessages: true,
    });

    for await (const message of turn) {
      if (message.type === "stream_event" && message.event.type === "content_block_delta") break;
    }

    expect(await server.waitForResponseEnd(0)).toBe("client_aborted");
    expect(await turn.next()).toEqual({ done: true, value: undefined });
  });
});
