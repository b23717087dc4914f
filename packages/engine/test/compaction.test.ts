import type { ContentBlockParam, MessageParam } from "@parley/protocol";
import { type FakeModelServer, httpError, reply, startFakeModelServer } from "@parley/testkit";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  COMPACTION_SUMMARY_PREFIX,
  COMPACTION_SYSTEM_PROMPT,
  CompactionError,
  compactBoundaryFor,
  compactConversation,
  estimateTextTokens,
  estimateTokens,
  shouldCompact,
  splitForCompaction,
} from "../src/index.ts";
import { modelFor } from "./helpers.ts";

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer();
});
beforeEach(() => server.reset());
afterAll(async () => {
  await server.close();
});

/** A conversation of `rounds` prompts, each answered after one tool call: 4 messages per round. */
function conversation(rounds: number): MessageParam[] {
  return Array.from({ length: rounds }, (_, round): MessageParam[] => [
    { role: "user", content: `question ${round}` },
    {
      role: "assistant",
      content: [
        { type: "text", text: `Looking into ${round}.` },
        { type: "tool_use", id: `toolu_${round}`, name: "Read", input: { file_path: `file-${round}.ts` } },
      ],
    },
    {
      role: "user",
      content: [{ type: "tool_result", tool_use_id: `toolu_${round}`, content: `contents ${round}` }],
    },
    { role: "assistant", content: [{ type: "text", text: `answer ${round}` }] },
  ]).flat();
}

function blocks(message: MessageParam): ContentBlockParam[] {
  return typeof message.content === "string" ? [] : (message.content as ContentBlockParam[]);
}

/** Every tool_use in `messages` has its tool_result in `messages`, and the other way round. */
function pairsIntact(messages: readonly MessageParam[]): boolean {
  const uses = new Set(
    messages.flatMap((message) => blocks(message).flatMap((b) => (b.type === "tool_use" ? [b.id] : []))),
  );
  const results = new Set(
    messages.flatMap((message) =>
      blocks(message).flatMap((b) => (b.type === "tool_result" ? [b.tool_use_id] : [])),
    ),
  );
  return [...uses].every((id) => results.has(id)) && [...results].every((id) => uses.has(id));
}

function requestText(index: number): string {
  return JSON.stringify(server.requests[index]?.body);
}

describe("compactConversation", () => {
  it("asks the model for a summary of the older messages and keeps the recent ones verbatim", async () => {
    server.script(
      reply().text("<summary>The user asked about files 0 to 2.</summary>").usage({ input: 300, output: 12 }),
    );
    const history = conversation(4);

    const compaction = await compactConversation({
      history,
      model: modelFor(server, "anthropic"),
      keepRecent: 4,
      signal: new AbortController().signal,
    });

    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.body).toMatchObject({
      system: [{ type: "text", text: COMPACTION_SYSTEM_PROMPT }],
    });
    expect(server.requests[0]?.body).not.toHaveProperty("tools");
    expect(requestText(0)).toContain("Summarize the conversation below");
    expect(requestText(0)).toContain("[Tool call Read (toolu_2)");
    expect(requestText(0)).toContain("contents 2");
    expect(requestText(0)).not.toContain("question 3");
    expect(compaction.summary).toBe("The user asked about files 0 to 2.");
    expect(compaction.summarizedMessages).toBe(12);
    expect(compaction.history).toEqual([
      {
        role: "user",
        content: [
          {
            type: "text",
            text: `${COMPACTION_SUMMARY_PREFIX}\n\n<summary>\nThe user asked about files 0 to 2.\n</summary>`,
          },
        ],
      },
      ...history.slice(12),
    ]);
    expect(compaction.preTokens).toBe(estimateTokens(history));
    expect(compaction.postTokens).toBe(
      12 + estimateTextTokens(COMPACTION_SUMMARY_PREFIX) + estimateTokens(history.slice(12)),
    );
    expect(compaction.postTokens).toBeLessThan(compaction.preTokens);
  });

  it("moves the cut so that a tool call and its result stay together", async () => {
    server.script(reply().text("Summary."));
    const history = conversation(3);

    // Keeping the last 2 messages would start with a tool_result; its tool_use comes along instead.
    const compaction = await compactConversation({
      history,
      model: modelFor(server, "anthropic"),
      keepRecent: 2,
      signal: new AbortController().signal,
    });

    expect(compaction.history.slice(1)).toEqual(history.slice(-3));
    expect(compaction.history[1]).toMatchObject({ role: "assistant" });
    expect(pairsIntact(compaction.history)).toBe(true);
  });

  it("never separates a tool_use from its tool_result, whatever is kept", () => {
    const history = conversation(3);
    for (let keepRecent = 0; keepRecent <= history.length + 1; keepRecent++) {
      const { summarized, kept } = splitForCompaction(history, keepRecent);
      expect([...summarized, ...kept]).toEqual(history);
      expect(kept.length).toBeGreaterThanOrEqual(Math.min(keepRecent, history.length));
      expect(pairsIntact(summarized) && pairsIntact(kept)).toBe(true);
    }
  });

  it("returns the history unchanged, without asking the model, when everything is recent", async () => {
    const history = conversation(1);

    const compaction = await compactConversation({
      history,
      model: modelFor(server, "anthropic"),
      keepRecent: 4,
      signal: new AbortController().signal,
    });

    expect(compaction).toEqual({
      history,
      summary: "",
      summarizedMessages: 0,
      preTokens: estimateTokens(history),
      postTokens: estimateTokens(history),
    });
    expect(server.requests).toHaveLength(0);
  });

  it("passes the focus instructions on and reports the provider's size of the conversation when given", async () => {
    server.script(reply().text("Focused summary."));

    const compaction = await compactConversation({
      history: conversation(3),
      model: modelFor(server, "openai"),
      keepRecent: 2,
      instructions: "the file names",
      contextTokens: 150_000,
      signal: new AbortController().signal,
    });

    expect(server.requests[0]?.route).toBe("openai_chat_completions");
    expect(requestText(0)).toContain("Focus especially on: the file names");
    expect(compaction.preTokens).toBe(150_000);
  });

  it("fails with CompactionError when the summary request fails, leaving the history to the caller", async () => {
    server.script(httpError(400, { message: "prompt is too long" }));

    const compacting = compactConversation({
      history: conversation(3),
      model: modelFor(server, "anthropic"),
      keepRecent: 2,
      signal: new AbortController().signal,
    });

    await expect(compacting).rejects.toThrow(CompactionError);
    await expect(compacting).rejects.toThrow("The summary request failed: API Error: 400 prompt is too long");
  });

  it("stops with an AbortError when it is cancelled", async () => {
    server.script(reply().text("Never").hang());
    const controller = new AbortController();

    const compacting = compactConversation({
      history: conversation(3),
      model: modelFor(server, "anthropic"),
      keepRecent: 2,
      signal: controller.signal,
    });
    await server.waitForGate("hang");
    controller.abort();

    await expect(compacting).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("when to compact", () => {
  it("compacts once the conversation fills the threshold share of the window", () => {
    expect(shouldCompact({ estimatedTokens: 79_999, contextWindow: 100_000 })).toBe(false);
    expect(shouldCompact({ estimatedTokens: 80_000, contextWindow: 100_000 })).toBe(true);
    expect(shouldCompact({ estimatedTokens: 50_000, contextWindow: 100_000, threshold: 0.5 })).toBe(true);
    expect(shouldCompact({ estimatedTokens: 50_000, contextWindow: 0 })).toBe(false);
  });

  it("estimates four characters per token and a flat size per image", () => {
    const image: ContentBlockParam = {
      type: "image",
      source: { type: "base64", media_type: "image/png", data: "A".repeat(100_000) },
    };
    expect(estimateTokens([{ role: "user", content: "x".repeat(400) }])).toBe(100);
    expect(estimateTokens([{ role: "user", content: [image] }])).toBe(1_600);
  });
});

describe("compactBoundaryFor", () => {
  it("builds the compact_boundary SDK message with the trigger and both token counts", () => {
    expect(
      compactBoundaryFor({ preTokens: 9_000, postTokens: 1_200 }, { trigger: "auto", sessionId: "s-1" }),
    ).toMatchObject({
      type: "system",
      subtype: "compact_boundary",
      session_id: "s-1",
      compact_metadata: { trigger: "auto", pre_tokens: 9_000, post_tokens: 1_200 },
    });
  });
});
