import { newAssistantMessage, newUserMessage, type SDKAssistantMessage } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { foldTurnIntoHistory } from "./fold-turn-into-history.ts";
import { INTERRUPTED_TOOL_RESULT } from "./turn-messages.ts";

function assistant(
  id: string,
  block: SDKAssistantMessage["message"]["content"][number],
): SDKAssistantMessage {
  return newAssistantMessage(
    {
      id,
      type: "message",
      role: "assistant",
      model: "m",
      content: [block],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 0, output_tokens: 0 },
    },
    "s",
  );
}

describe("folding emitted messages into history", () => {
  it("leaves out the synthetic API error message", () => {
    const error = {
      ...assistant("e", { type: "text", text: "API Error: 400 bad" }),
      error: "invalid_request" as const,
    };

    expect(foldTurnIntoHistory({ prompt: "hi", messages: [error] })).toEqual([
      { role: "user", content: [{ type: "text", text: "hi" }] },
    ]);
  });

  it("drops messages that a retried response superseded, even through a chain of retries", () => {
    const first = assistant("m1", { type: "text", text: "Hel" });
    const second = { ...assistant("m2", { type: "text", text: "Hello" }), supersedes: [first.uuid] };
    const third = { ...assistant("m3", { type: "text", text: "Hello!" }), supersedes: [second.uuid] };

    expect(foldTurnIntoHistory({ messages: [first, second, third] })).toEqual([
      { role: "assistant", content: [{ type: "text", text: "Hello!" }] },
    ]);
  });

  it("gives a tool call without a result an interrupted error result right after it", () => {
    const call = assistant("m1", { type: "tool_use", id: "t1", name: "read", input: {} });
    const queued = newUserMessage("and then?", "s");

    expect(foldTurnIntoHistory({ prompt: [{ type: "text", text: "go" }], messages: [call, queued] })).toEqual(
      [
        { role: "user", content: [{ type: "text", text: "go" }] },
        { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "read", input: {} }] },
        {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: "t1", content: INTERRUPTED_TOOL_RESULT, is_error: true },
            { type: "text", text: "and then?" },
          ],
        },
      ],
    );
  });
});
