import {
  type CanUseToolCallback,
  describeToolActivity,
  type PermissionDecision,
  PermissionPolicy,
  type ToolPermissionRequest,
} from "@parley/engine";
import type { Approval, PermissionMode, PermissionResult } from "@parley/protocol";
import { type ApprovalDesk, newApprovalId, permissionFor } from "../../interactions/approval-desk.ts";
import type { Store } from "../../store/store.ts";
import type { MessageScope } from "../context/message-publisher.ts";
import type { ToolCallLog } from "../tool-calls/tool-call-log.ts";

/** What a run's approval gate needs. */
export interface ApprovalGateContext {
  store: Store;
  projectRoot: string;
  now: () => number;
  desk: ApprovalDesk;
  log: ToolCallLog;
  /** The permission mode the agent is in now (read on every call, so a change applies at once). */
  permissionMode: () => PermissionMode;
  /** The run (or subagent run) a call belongs to. */
  scopeFor: (parentToolUseId: string | undefined) => MessageScope;
  /** Answers given while no run was waiting (a restart), applied once to the resumed call they answer. */
  answered: Map<string, Approval>;
  /** True while the server is stopping the run (pending approvals then stay pending). */
  interrupting: () => boolean;
  /** Whether the user lets tools that declare themselves read-only (MCP `readOnlyHint`) run unasked. */
  trustReadOnlyTools?: () => boolean;
}

/**
 * The loop's `canUseTool` for a server run: a fresh `PermissionPolicy` per call (the agent's current mode
 * and the project's stored rules), whose allow and deny are final and shown as an AutoApproved or Rejected
 * card; an `ask` becomes a durable approval the run waits on. Nothing here runs a tool: the loop runs it
 * only after this resolved a well-formed allow for that very call.
 */
export function approvalGate(context: ApprovalGateContext): CanUseToolCallback {
  return async (request) => {
    const scope = context.scopeFor(request.parentToolUseId);
    context.log.noteCall(scope, request.toolUseId, request.toolName, request.input, request.parentToolUseId);
    const recorded = context.answered.get(request.toolUseId);
    if (recorded !== undefined) {
      context.answered.delete(request.toolUseId);
      context.log.adoptRequest(request.toolUseId, recorded.message_id, {
        scope,
        toolName: request.toolName,
        input: request.input,
        parentToolUseId: request.parentToolUseId,
      });
      return denialNoted(context, request.toolUseId, permissionFor(recorded, request.toolUseId));
    }
    const policy = new PermissionPolicy({
      projectRoot: context.projectRoot,
      mode: context.permissionMode(),
      trustReadOnlyTools: context.trustReadOnlyTools?.() ?? false,
      rules: context.store.permissionRules.list(context.projectRoot).map((rule) => ({
        tool: rule.tool,
        behavior: rule.behavior,
        ...(rule.pattern !== undefined && { pattern: rule.pattern }),
      })),
    });
    const decision = await policy.check({
      toolName: request.toolName,
      input: request.input,
      ...(request.access && { access: request.access }),
    });
    // A read no rule restricts needs no card of its own: it is asked about only because some rule restricts reads.
    if (decision.behavior === "allow" && request.access?.kind === "read")
      return { behavior: "allow", toolUseID: request.toolUseId };
    if (decision.behavior !== "ask") return settledByPolicy(context, request, decision);
    if (request.signal.aborted)
      return { behavior: "deny", message: "The run was stopped.", toolUseID: request.toolUseId };
    const approval = context.store.transaction(() => {
      const id = newApprovalId();
      const messageId = context.log.recordRequest(request.toolUseId, {
        status: "Pending",
        decidedBy: "user",
        reason: decision.reason,
        approvalId: id,
        ...(decision.suggestedRule && { suggestedRule: decision.suggestedRule }),
        ...(decision.blockedPath !== undefined && { blockedPath: decision.blockedPath }),
      }) as string;
      return context.store.approvals.create({
        id,
        session_id: scope.sessionId,
        agent_id: scope.agentId,
        run_id: scope.runId as string,
        message_id: messageId,
        tool_use_id: request.toolUseId,
        parent_tool_use_id: request.parentToolUseId ?? null,
        tool_name: request.toolName,
        input: request.input,
        headline: describeToolActivity(request.toolName, request.input),
        reason: decision.reason,
        suggested_rule: decision.suggestedRule ?? null,
        blocked_path: decision.blockedPath ?? null,
        created_at_ms: context.now(),
      });
    });
    return denialNoted(
      context,
      request.toolUseId,
      await context.desk.wait(approval, request.signal, context.interrupting),
    );
  };
}

function denialNoted(
  context: ApprovalGateContext,
  toolUseId: string,
  result: PermissionResult,
): PermissionResult {
  if (result.behavior === "deny") context.log.markDenied(toolUseId);
  return result;
}

function settledByPolicy(
  context: ApprovalGateContext,
  request: ToolPermissionRequest,
  decision: Exclude<PermissionDecision, { behavior: "ask" }>,
): PermissionResult {
  const allowed = decision.behavior === "allow";
  context.store.transaction(() =>
    context.log.recordRequest(request.toolUseId, {
      status: allowed ? "AutoApproved" : "Rejected",
      decidedBy: "policy",
      reason: allowed ? decision.reason : decision.message,
    }),
  );
  return allowed
    ? { behavior: "allow", toolUseID: request.toolUseId }
    : { behavior: "deny", message: decision.message, toolUseID: request.toolUseId };
}
