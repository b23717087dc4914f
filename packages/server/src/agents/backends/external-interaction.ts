import type {
  AgentInteraction,
  AgentPermissionAnswer,
  AgentPermissionRequest,
  AgentPlanEntry,
} from "@parley/agent-clis";
import type {
  AgentCliName,
  ApprovalStatus,
  JsonValue,
  PermissionRuleSpec,
  StoredMessage,
  ToolRequestData,
} from "@parley/protocol";
import { newApprovalId } from "../../interactions/approval-desk.ts";
import type { MessageScope } from "../context/message-publisher.ts";
import { currentPermissionMode } from "../context/permission-mode.ts";
import type { RunContext } from "../context/run-context.ts";
import { decideAcpPermission } from "./acp-permission-decision.ts";

/** How the run records a card: appends it, or replaces the card stored under the same key. */
export type UpsertCard = (key: string, rich: StoredMessage["rich"], content: string) => string;

/**
 * What an agent CLI driven over ACP asks the person, answered the way Parley's own calls are: the project's
 * rules and the session's permission mode decide first (`decideAcpPermission`) (a rule names the CLI and the kind of call, e.g.
 * `gemini:edit`, which "Always allow" saves); otherwise the call becomes a durable approval card the run
 * waits on. The CLI's plan is shown as a Plan card that each new version replaces.
 */
export class ExternalInteraction implements AgentInteraction {
  readonly #context: RunContext;
  readonly #scope: MessageScope;
  readonly #backend: AgentCliName;
  readonly #label: string;
  readonly #upsert: UpsertCard;
  /** Calls whose request card an approval owns from now on (the CLI's later versions of it leave it alone). */
  readonly decided = new Set<string>();

  constructor(
    context: RunContext,
    scope: MessageScope,
    backend: AgentCliName,
    label: string,
    upsert: UpsertCard,
  ) {
    this.#context = context;
    this.#scope = scope;
    this.#backend = backend;
    this.#label = label;
    this.#upsert = upsert;
  }

  async askPermission(request: AgentPermissionRequest, signal: AbortSignal): Promise<AgentPermissionAnswer> {
    const { store, projectRoot } = this.#context;
    const rule: PermissionRuleSpec = { tool: `${this.#backend}:${request.kind}`, behavior: "allow" };
    const mode = await currentPermissionMode(this.#context, this.#scope.sessionId, this.#scope.agentId);
    const stored = store.permissionRules
      .list(projectRoot)
      .find((candidate) => candidate.tool === rule.tool && !candidate.pattern);
    const settled = decideAcpPermission({ mode, kind: request.kind, rule: stored });
    if (settled !== undefined) {
      this.#card(request, { status: settled.allowed ? "AutoApproved" : "Rejected", reason: settled.reason });
      return settled.allowed ? "allow_once" : "reject_once";
    }
    if (signal.aborted) return "cancelled";
    const approval = store.transaction(() => {
      const id = newApprovalId();
      const offersAlways = request.offers.includes("allow_always") || request.offers.includes("allow_once");
      const reason = `${this.#label} asks before this ${request.kind} call`;
      const messageId = this.#card(request, {
        status: "Pending",
        reason,
        approvalId: id,
        ...(offersAlways && { suggestedRule: rule }),
      });
      return store.approvals.create({
        id,
        session_id: this.#scope.sessionId,
        agent_id: this.#scope.agentId,
        run_id: this.#scope.runId as string,
        message_id: messageId,
        tool_use_id: request.callId,
        parent_tool_use_id: null,
        tool_name: request.toolName,
        input: request.input,
        headline: request.title,
        reason,
        suggested_rule: offersAlways ? rule : null,
        blocked_path: null,
        created_at_ms: this.#context.now(),
      });
    });
    // An ACP agent cannot be resumed after a restart, so a stop withdraws the approval rather than keep it.
    const answer = await this.#context.approvals.wait(approval, signal, () => false).catch(() => undefined);
    if (answer === undefined) return "cancelled";
    const answered = store.approvals.get(approval.id);
    if (answered?.state !== "approved") return "reject_once";
    return answered.decision === "approve_always" ? "allow_always" : "allow_once";
  }

  showPlan(entries: readonly AgentPlanEntry[]): void {
    if (entries.length === 0) return;
    const done = entries.every((entry) => entry.status === "completed");
    const data = {
      goal: `${this.#label}'s plan`,
      status: done ? "completed" : "executing",
      steps: entries.map((entry, index) => ({
        step_number: index + 1,
        action: entry.content,
        reason: `${entry.priority} priority`,
        status: entry.status,
      })),
    };
    this.#context.store.transaction(() =>
      this.#upsert("plan", { kind: "Plan", data }, entries.map((entry) => entry.content).join("\n")),
    );
  }

  /** Stores the call's request card in the given state (replacing the CLI's read-only one) and owns it. */
  #card(
    request: AgentPermissionRequest,
    state: {
      status: ApprovalStatus;
      reason: string;
      approvalId?: string;
      suggestedRule?: PermissionRuleSpec;
    },
  ): string {
    this.decided.add(request.callId);
    const data: ToolRequestData = {
      request_id: request.callId,
      tool_use_id: request.callId,
      tool_name: request.toolName,
      parameters: JSON.parse(JSON.stringify(request.input)) as Record<string, JsonValue>,
      requires_approval: state.status === "Pending",
      approval_status: state.status,
      requested_at: new Date(this.#context.now()).toISOString(),
      headline: request.title,
      reason: state.reason,
      decided_by: state.status === "Pending" ? "user" : "policy",
      input_editable: false,
      ...(state.approvalId !== undefined && { approval_id: state.approvalId }),
      ...(state.suggestedRule !== undefined && { suggested_rule: state.suggestedRule }),
    };
    return this.#upsert(`request:${request.callId}`, { kind: "ToolRequest", data }, request.title);
  }
}
