import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { EngineMessage } from "../../loop/engine-message.ts";
import { runAgentTurn } from "../../loop/run-agent-turn.ts";
import { defineTool, type EngineTool } from "../../tools/engine-tool.ts";
import { createLanguageModel } from "../create-language-model.ts";
import { DemoLanguageModel } from "./demo-language-model.ts";
import type { DemoScript } from "./demo-replies.ts";

const demo = {
  kind: "demo",
  provider: "demo",
  model: "demo",
  apiKeySource: "none",
  source: "default",
} as const;

async function turnWith(
  model: DemoLanguageModel,
  prompt: string,
  tools: EngineTool[] = [],
): Promise<EngineMessage[]> {
  const messages: EngineMessage[] = [];
  for await (const message of runAgentTurn({
    sessionId: "s",
    history: [],
    prompt,
    cwd: "/",
    model: demo,
    includePartialMessages: true,
    tools,
    createModel: () => model,
  })) {
    messages.push(message);
  }
  return messages;
}

describe("the demo model", () => {
  it("says it is the demo, echoes the request and explains how to connect a real model", async () => {
    const messages = await turnWith(new DemoLanguageModel({ delayMs: 0 }), "Plan a birthday party");

    const result = messages.at(-1);
    expect(result?.type === "result" && result.subtype === "success").toBe(true);
    const text = result?.type === "result" && result.subtype === "success" ? result.result : "";
    expect(text).toContain("demo model");
    expect(text).toContain("> Plan a birthday party");
    for (const hint of ["PARLEY_MODEL", "ANTHROPIC_API_KEY", "OPENAI_API_KEY", "settings page"])
      expect(text).toContain(hint);
  });

  it("streams markdown with a heading, a list, a code block and a table, word by word", async () => {
    const messages = await turnWith(new DemoLanguageModel({ delayMs: 0 }), "hi");

    const deltas = messages.flatMap((message) =>
      message.type === "stream_event" &&
      message.event.type === "content_block_delta" &&
      message.event.delta.type === "text_delta"
        ? [message.event.delta.text]
        : [],
    );
    const text = deltas.join("");
    expect(deltas.length).toBeGreaterThan(50);
    expect(text).toMatch(/^# /m);
    expect(text).toMatch(/^- \*\*/m);
    expect(text).toContain("```sh\n");
    expect(text).toMatch(/^\| --- \| --- \| --- \|$/m);
  });

  it("waits between chunks with the sleep it is given", async () => {
    const waits: number[] = [];
    const model = new DemoLanguageModel({ delayMs: 7, sleep: async (ms) => void waits.push(ms) });

    await turnWith(model, "hi");

    expect(waits.length).toBeGreaterThan(50);
    expect(new Set(waits)).toEqual(new Set([7]));
  });

  it("answers with a scripted reply when a script matches, and reports the tool results it gets back", async () => {
    const planScript: DemoScript = {
      name: "plan",
      matches: (request) => request.lastUserText.includes("plan"),
      reply: () => [
        { type: "thinking", text: "A plan has steps." },
        { type: "text", text: "Here is the plan." },
        { type: "tool_call", name: "show_plan", input: { steps: ["one"] } },
      ],
    };
    const model = new DemoLanguageModel({ delayMs: 0, scripts: [planScript] });
    const showPlan = defineTool({
      name: "show_plan",
      description: "Shows a plan card",
      inputSchema: z.object({ steps: z.array(z.string()) }),
      requiresApproval: false,
      execute: async ({ steps }) => `showed ${steps.length} step`,
    });

    const messages = await turnWith(model, "make a plan", [showPlan]);

    const blocks = messages.flatMap((message) =>
      message.type === "assistant" ? message.message.content : [],
    );
    expect(blocks).toMatchObject([
      { type: "thinking", thinking: "A plan has steps." },
      { type: "text", text: "Here is the plan." },
      { type: "tool_use", name: "show_plan", input: { steps: ["one"] } },
      { type: "text", text: "The demo model received these tool results:\n\n- **show_plan**: showed 1 step" },
    ]);
  });

  it("is what createLanguageModel builds for the demo config, with model id demo", () => {
    const model = createLanguageModel(demo);

    expect(model.modelId).toBe("demo");
    expect(model).toBeInstanceOf(DemoLanguageModel);
  });

  it("stops streaming when the request is aborted", async () => {
    const model = new DemoLanguageModel({ delayMs: 1 });
    const controller = new AbortController();
    const { stream } = await model.doStream({
      prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
      abortSignal: controller.signal,
    });
    const reader = stream.getReader();
    await reader.read();
    controller.abort();

    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return;
      })(),
    ).rejects.toMatchObject({ name: "AbortError" });
  });
});
