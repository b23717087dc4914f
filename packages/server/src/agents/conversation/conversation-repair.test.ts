import { INTERRUPTED_TOOL_RESULT } from "@parley/engine";
import type { MessageParam } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { settleOpenToolCalls } from "./conversation-repair.ts";

const call = (id: string) => ({ type: "tool_use" as const, id, name: "Bash", input: { command: id } });
const result = (id: string, content: string, isError = false) => ({
  type: "tool_result" as const,
  tool_use_id: id,
  content,
  ...(isError && { is_error: true }),
});
const interrupted = (id: string) => result(id, INTERRUPTED_TOOL_RESULT, true);

describe("settling the tool calls a conversation ends with", () => {
  const prompt: MessageParam = { role: "user", content: "run them" };

  it("reopens a waiting call and the calls after it, dropping their interrupted results and the interrupt note", () => {
    const history: MessageParam[] = [
      prompt,
      { role: "assistant", content: [call("a"), call("b"), call("c")] },
      {
        role: "user",
        content: [
          result("a", "done"),
          interrupted("b"),
          interrupted("c"),
          { type: "text", text: "[Request interrupted by user for tool use]" },
        ],
      },
    ];

    expect(settleOpenToolCalls(history, new Set(["b"]))).toEqual([
      prompt,
      history[1],
      { role: "user", content: [result("a", "done")] },
    ]);
  });

  it("leaves the conversation alone when the waiting calls are open already", () => {
    const history: MessageParam[] = [prompt, { role: "assistant", content: [call("a")] }];

    expect(settleOpenToolCalls(history, new Set(["a"]))).toBeUndefined();
  });

  it("closes calls nobody waits for with the interrupted result, right after the call", () => {
    const history: MessageParam[] = [
      prompt,
      { role: "assistant", content: [call("a"), call("b")] },
      { role: "user", content: [result("a", "done")] },
    ];

    expect(settleOpenToolCalls(history, new Set())).toEqual([
      prompt,
      history[1],
      { role: "user", content: [interrupted("b"), result("a", "done")] },
    ]);
    expect(settleOpenToolCalls([prompt, { role: "assistant", content: [call("x")] }], new Set())).toEqual([
      prompt,
      { role: "assistant", content: [call("x")] },
      { role: "user", content: [interrupted("x")] },
    ]);
  });

  it("changes nothing when every call has its result or the conversation ends in text", () => {
    expect(
      settleOpenToolCalls(
        [prompt, { role: "assistant", content: [call("a")] }, { role: "user", content: [result("a", "ok")] }],
        new Set(),
      ),
    ).toBeUndefined();
    expect(settleOpenToolCalls([prompt, { role: "assistant", content: "hello" }], new Set())).toBeUndefined();
  });
});
