import type { ToolRequestData, ToolResultData } from "@parley/protocol";
import { describeRule } from "./tool-cards.ts";

/** Where an approval stands. */
export type ApprovalView = "pending" | "approved" | "rejected" | "cancelled" | "expired" | "auto-approved";

const VIEW_OF_STATUS: Record<ToolRequestData["approval_status"], ApprovalView> = {
  Pending: "pending",
  Approved: "approved",
  AutoApproved: "auto-approved",
  Rejected: "rejected",
  Cancelled: "cancelled",
  Expired: "expired",
};

/** Where a tool call's approval stands. */
export function approvalView(request: ToolRequestData): ApprovalView {
  return VIEW_OF_STATUS[request.approval_status];
}

/** The answer an approval got, in words ("Always allowed: saved the rule Write(src/**)"). */
export function approvalOutcomeText(request: ToolRequestData): string {
  const view = approvalView(request);
  const edited = request.original_parameters !== undefined;
  if (view === "approved" && request.decision === "approve_always") {
    const rule = request.suggested_rule;
    return `Always allowed${rule === undefined ? "" : `: saved the rule ${describeRule(rule)}`}`;
  }
  if (view === "approved") return edited ? "Approved once, with an edited input" : "Approved once";
  if (view === "auto-approved") return "Allowed by a rule";
  if (view === "rejected") return request.decided_by === "user" ? "Rejected" : "Refused";
  if (view === "cancelled") return "Withdrawn: the run stopped before anyone answered";
  if (view === "expired") return "Expired: this call can no longer run";
  return "Needs your approval";
}

/** The rule that allows every tool of an MCP call's server (`mcp__github`), or undefined for another tool. */
export function mcpServerRule(toolName: string): string | undefined {
  return /^(mcp__.+?)__.+$/.exec(toolName)?.[1];
}

/** True when the call changes a protected path (Parley always asks, and offers no "always"). */
export function touchesProtectedPath(request: ToolRequestData): boolean {
  return request.protected_path === true || request.blocked_path !== undefined;
}

/** A tool result's status in words. */
export const TOOL_RESULT_STATUS_WORDS: Record<ToolResultData["status"], string> = {
  Success: "Done",
  Failed: "Failed",
  Cancelled: "Did not run",
  Timeout: "Timed out",
};

/** Whether a result is a failure (an error, a failed or timed-out call). */
export function resultFailed(result: ToolResultData): boolean {
  return result.is_error || result.status === "Failed" || result.status === "Timeout";
}

/** A result's output when it is one short line (a failure: its error), to show next to the call's headline. */
export function inlineToolOutput(result: ToolResultData, maxChars = 120): string | undefined {
  const text = result.is_error && result.error !== undefined ? result.error.message : result.output;
  if (typeof text !== "string") return undefined;
  const trimmed = text.trim();
  if (trimmed === "" || trimmed.includes("\n") || trimmed.length > maxChars) return undefined;
  return trimmed;
}
