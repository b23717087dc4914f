import type { Approval } from "../http/approvals.ts";
import type { JsonValue } from "../shared/json-value.ts";
import type { ApprovalStatus } from "./approval-status.ts";
import type { ToolRequestData } from "./tool-request.ts";

const CARD_STATUS: Record<Approval["state"], ApprovalStatus> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
  cancelled: "Cancelled",
  expired: "Expired",
};

/**
 * A ToolRequest card's data once its approval changed state: the status, who settled it, the person's
 * decision, feedback and time, and, when they edited the input, what ran (`parameters`) next to what the
 * model asked for (`original_parameters`). The server stores it; a client applies the same change live.
 */
export function toolRequestAfterApproval(data: ToolRequestData, approval: Approval): ToolRequestData {
  const card: ToolRequestData = {
    ...data,
    approval_status: CARD_STATUS[approval.state],
    decided_by: approval.decision === null ? "run" : "user",
  };
  if (approval.decision !== null) card.decision = approval.decision;
  if (approval.feedback !== null) card.feedback = approval.feedback;
  if (approval.answered_at_ms !== null) card.answered_at = new Date(approval.answered_at_ms).toISOString();
  if (approval.updated_input !== null) {
    // Both inputs were decoded from JSON, so their values are JSON values.
    card.original_parameters = approval.input as Record<string, JsonValue>;
    card.parameters = approval.updated_input as Record<string, JsonValue>;
  }
  return card;
}
