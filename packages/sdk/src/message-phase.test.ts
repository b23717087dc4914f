import { describe, expect, it } from "vitest";
import type { ChatMessage } from "./chat-state.ts";
import { getMessagePhase, visibleActivityEntries } from "./message-phase.ts";

const base: ChatMessage = { id: "run_1", role: "agent", text: "", timestamp: "2026-11-21T00:00:00.000Z" };

describe("getMessagePhase", () => {
  it.each([
    [
      "a finished turn is done, whatever else it holds",
      { isThinking: true, activitySummary: "Calling grep" },
      "done",
    ],
    [
      "a generating turn that thinks shows the thinking indicator",
      { isGenerating: true, isThinking: true },
      "thinking",
    ],
    [
      "a generating turn running a tool is working",
      { isGenerating: true, activitySummary: "Reading file.ts" },
      "working",
    ],
    ["a generating turn with no activity is streaming", { isGenerating: true }, "streaming"],
    ["'Thinking...' is not activity", { isGenerating: true, activitySummary: "Thinking..." }, "streaming"],
    [
      "'Model loading...' is not activity",
      { isGenerating: true, activitySummary: "Model loading..." },
      "streaming",
    ],
    ["'Running' is not activity", { isGenerating: true, activitySummary: "Running" }, "streaming"],
  ] as const)("%s", (_, fields, phase) => {
    expect(getMessagePhase({ ...base, ...fields })).toBe(phase);
  });

  it("leaves transient statuses out of the listed activity", () => {
    const message = {
      ...base,
      activityEntries: ["Model loading...", "Calling grep", "Running", "Thinking..."],
    };
    expect(visibleActivityEntries(message)).toEqual(["Calling grep"]);
  });
});
