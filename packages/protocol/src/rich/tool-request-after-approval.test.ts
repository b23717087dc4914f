import { describe, expect, it } from "vitest";
import type { Approval } from "../http/approvals.ts";
import { ToolRequestDataSchema } from "./tool-request.ts";
import { toolRequestAfterApproval } from "./tool-request-after-approval.ts";

const pendingCard = ToolRequestDataSchema.parse({
  request_id: "m-1",
  tool_use_id: "toolu_1",
  tool_name: "Write",
  parameters: { file_path: "notes.md", content: "draft" },
  requires_approval: true,
  approval_status: "Pending",
  requested_at: "2026-11-22T10:00:00.000Z",
  headline: "Writing notes.md",
  approval_id: "ap-1",
  decided_by: "policy",
});

const pending: Approval = {
  id: "ap-1",
  session_id: "s-1",
  agent_id: "main",
  run_id: "r-1",
  message_id: "m-1",
  tool_use_id: "toolu_1",
  parent_tool_use_id: null,
  tool_name: "Write",
  input: { file_path: "notes.md", content: "draft" },
  headline: "Writing notes.md",
  reason: "Write changes files",
  suggested_rule: { tool: "Write", behavior: "allow" },
  blocked_path: null,
  state: "pending",
  decision: null,
  feedback: null,
  updated_input: null,
  created_at_ms: 1_795_000_000_000,
  answered_at_ms: null,
};

describe("toolRequestAfterApproval", () => {
  it("shows an edited approval as what ran next to what the model asked for", () => {
    const card = toolRequestAfterApproval(pendingCard, {
      ...pending,
      state: "approved",
      decision: "approve",
      updated_input: { file_path: "notes.md", content: "final" },
      answered_at_ms: Date.UTC(2026, 10, 22, 10, 0, 5),
    });
    expect(card).toEqual({
      ...pendingCard,
      approval_status: "Approved",
      decided_by: "user",
      decision: "approve",
      answered_at: "2026-11-22T10:00:05.000Z",
      parameters: { file_path: "notes.md", content: "final" },
      original_parameters: { file_path: "notes.md", content: "draft" },
    });
    expect(ToolRequestDataSchema.safeParse(card).success).toBe(true);
  });

  it("keeps a rejection's feedback on the card", () => {
    const card = toolRequestAfterApproval(pendingCard, {
      ...pending,
      state: "rejected",
      decision: "reject",
      feedback: "Use docs/ instead",
      answered_at_ms: Date.UTC(2026, 10, 22, 10, 1),
    });
    expect(card).toMatchObject({
      approval_status: "Rejected",
      decision: "reject",
      feedback: "Use docs/ instead",
    });
    expect(card.parameters).toEqual(pendingCard.parameters);
    expect(card).not.toHaveProperty("original_parameters");
  });

  it("says the run settled an approval nobody answered", () => {
    const card = toolRequestAfterApproval(pendingCard, { ...pending, state: "cancelled" });
    expect(card).toMatchObject({ approval_status: "Cancelled", decided_by: "run" });
    expect(card).not.toHaveProperty("decision");
    expect(card).not.toHaveProperty("answered_at");
  });
});
