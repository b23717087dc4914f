import type { ChatMessage, MessageCard } from "@parley/sdk";
import { describe, expect, it } from "vitest";
import { foldWorkflowMessages, waitsForApproval } from "./fold-workflow-messages.ts";

const at = { timestamp: "2026-11-26T10:00:00.000Z" };
const card = (id: string, kind: string, data: Record<string, unknown>): ChatMessage => ({
  id,
  role: "agent",
  text: "",
  ...at,
  cards: [{ id, rich: { kind, data } as MessageCard["rich"] }],
});
const workflow = card("m-card", "WorkflowExecution", {
  workflow_name: "review",
  execution_id: "wfx_1",
  status: "Running",
  total_steps: 2,
  completed_steps: 1,
  started_at: at.timestamp,
  updated_at: at.timestamp,
  steps: [
    { id: "ask", name: "Review", kind: "agent", status: "completed", attempts: 1, agent_run_ids: ["run_7"] },
    { id: "mark", name: "Mark", kind: "shell", status: "running", attempts: 1 },
  ],
});

describe("foldWorkflowMessages", () => {
  it("moves each step's call cards and agent turns into its workflow's card and keeps the rest as rows", () => {
    const prompt: ChatMessage = {
      id: "m-prompt",
      role: "user",
      text: "Review the change",
      runId: "run_7",
      ...at,
    };
    const answer: ChatMessage = { id: "run_7", role: "agent", text: "Fine.", runId: "run_7", ...at };
    const request = card("m-request", "ToolRequest", {
      request_id: "m-request",
      tool_use_id: "toolu_wfx_1.mark.1",
      approval_status: "Pending",
    });
    const chat: ChatMessage = { id: "m-chat", role: "user", text: "Meanwhile, a question", ...at };
    const other = card("m-other", "ToolRequest", {
      request_id: "m-other",
      tool_use_id: "toolu_wfx_2.mark.1",
    });

    const { rows, steps } = foldWorkflowMessages([workflow, prompt, answer, request, chat, other]);

    expect(rows.map((row) => row.id)).toEqual(["m-card", "m-chat", "m-other"]);
    expect(
      steps
        .get("wfx_1")
        ?.get("ask")
        ?.map((message) => message.id),
    ).toEqual(["m-prompt", "run_7"]);
    expect(
      steps
        .get("wfx_1")
        ?.get("mark")
        ?.map((message) => message.id),
    ).toEqual(["m-request"]);
    expect(waitsForApproval(steps.get("wfx_1")?.get("mark") ?? [])).toBe(true);
    expect(waitsForApproval(steps.get("wfx_1")?.get("ask") ?? [])).toBe(false);
  });
});
