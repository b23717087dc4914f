import { randomBytes } from "node:crypto";
import {
  type Approval,
  type ApprovalAnswerRequest,
  type JsonObject,
  type MCPToolRequestData,
  mcpToolRequestAfterApproval,
  type PermissionResult,
  type PermissionRuleSpec,
  type ToolRequestData,
  toolRequestAfterApproval,
} from "@parley/protocol";
import type { MessagePublisher } from "../agents/context/message-publisher.ts";
import { toolCatalog } from "../agents/tool-calls/tool-catalog.ts";
import type { EventBus } from "../bus/event-bus.ts";
import { forwardToRunOwner } from "../cluster/run-owner-signals.ts";
import { ApiError } from "../http/api-error.ts";
import type { McpHub } from "../mcp/mcp-hub.ts";
import type { Store } from "../store/store.ts";
import { Waiters } from "./waiters.ts";

/** What the desk needs from the server. */
export interface ApprovalDeskContext {
  store: Store;
  bus: EventBus;
  publisher: MessagePublisher;
  projectRoot: string;
  now: () => number;
  newId: (prefix: string) => string;
  /** Called after an answer nobody was waiting for (the server restarted): the conversation continues. */
  resume: (sessionId: string, agentId: string) => void;
  /** Whether the server is shutting down (answers are refused then: nothing could act on them). */
  closing: () => boolean;
  /** The project's MCP servers, whose tools' schemas check an edited input. */
  mcp?: McpHub;
}

/** An unguessable, single-use id for an approval: 128 random bits. */
export function newApprovalId(): string {
  return `apv_${randomBytes(16).toString("hex")}`;
}

/**
 * Durable tool approvals: runs wait here for a person's answer, `POST /api/approvals/:id` answers exactly
 * once (a conditional update from `pending`), and every answer updates the ToolRequest card in place.
 */
export class ApprovalDesk {
  readonly #context: ApprovalDeskContext;
  readonly #waiters = new Waiters<Approval>();

  constructor(context: ApprovalDeskContext) {
    this.#context = context;
  }

  /**
   * Waits for the answer to a stored approval. An abort (the run was cancelled) withdraws it, unless the
   * server is stopping: then it stays pending and is carried out after the restart.
   */
  async wait(
    approval: Approval,
    signal: AbortSignal,
    interrupting: () => boolean,
  ): Promise<PermissionResult> {
    const answered = this.#waiters.wait(approval.id);
    const onAbort = () => {
      if (!interrupting()) this.withdraw([approval.id], "cancelled");
      this.#waiters.fail(approval.id, new Error("the run stopped before the approval was answered"));
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    try {
      return permissionFor(await answered, approval.tool_use_id);
    } finally {
      signal.removeEventListener("abort", onAbort);
    }
  }

  /** Answers a pending approval exactly once; a second answer is a 409 carrying the first. */
  answer(id: string, body: ApprovalAnswerRequest): Approval {
    const { store, bus, publisher, now, projectRoot } = this.#context;
    if (this.#context.closing())
      throw new ApiError("unavailable", "Parley is shutting down; answer after it restarts");
    const answered = store.transaction(() => {
      const approval = store.approvals.get(id);
      if (approval === undefined) throw ApiError.notFound("approval", id);
      if (approval.state !== "pending") throw alreadySettled(approval);
      if (
        body.updated_input !== undefined &&
        (store.messages.get(approval.message_id)?.rich.data as { input_editable?: boolean } | undefined)
          ?.input_editable === false
      )
        throw new ApiError(
          "invalid_request",
          "this call's input cannot be edited: approve or reject it as it is",
          {
            issues: [{ path: "body.updated_input", message: "the agent asking takes no edited input" }],
          },
        );
      const updatedInput =
        body.updated_input === undefined
          ? null
          : validInput(approval.tool_name, body.updated_input, this.#context.mcp);
      const alwaysRule = alwaysAllowRule(approval, body);
      if (body.decision === "approve_always" && alwaysRule === null) {
        throw new ApiError(
          "invalid_request",
          "this call offers no 'always allow' rule (it changes a protected path); approve it once instead",
          { issues: [{ path: "body.decision", message: "approve_always is not offered for this call" }] },
        );
      }
      const answeredAtMs = now();
      store.approvals.answer(id, {
        decision: body.decision,
        feedback: body.feedback === undefined || body.feedback === "" ? null : body.feedback,
        updatedInput,
        answeredAtMs,
      });
      if (body.decision === "approve_always" && alwaysRule !== null) {
        const saved = store.permissionRules.add(projectRoot, alwaysRule, {
          id: this.#context.newId("rule"),
          source: "approval",
          nowMs: answeredAtMs,
        });
        if (saved.created)
          bus.publish({
            type: "StateUpdated",
            reason: "permission_rules_changed",
            project_root: projectRoot,
          });
      }
      const result = store.approvals.get(id) as Approval;
      publisher.patchData(approval.message_id, (data) => cardData(data, result), headlineOf);
      return result;
    });
    bus.flush();
    if (this.#waiters.settle(id, answered)) return answered;
    // The run waiting for it may be another server's (several servers on one database): that one takes it.
    if (forwardToRunOwner(store, answered.run_id, { kind: "approval_answered", approval_id: id }))
      return answered;
    if (answered.parent_tool_use_id === null) this.#context.resume(answered.session_id, answered.agent_id);
    return answered;
  }

  /** Takes an answer another server stored for a run of this one (see `forwardToRunOwner`). */
  answeredElsewhere(id: string): void {
    const approval = this.#context.store.approvals.get(id);
    if (approval === undefined || approval.state === "pending") return;
    if (!this.#waiters.settle(id, approval) && approval.parent_tool_use_id === null)
      this.#context.resume(approval.session_id, approval.agent_id);
  }

  /** Withdraws pending approvals (cancelled run, or expired after a restart); returns those withdrawn. */
  withdraw(ids: readonly string[], state: "cancelled" | "expired"): string[] {
    const { store, publisher, now } = this.#context;
    const withdrawn = store.transaction(() =>
      ids.filter((id) => {
        if (!store.approvals.close(id, state, now())) return false;
        const approval = store.approvals.get(id) as Approval;
        publisher.patchData(approval.message_id, (data) => cardData(data, approval), headlineOf);
        return true;
      }),
    );
    for (const id of withdrawn) this.#waiters.fail(id, new Error(`the approval was ${state}`));
    return withdrawn;
  }
}

/** What the loop gets for an answered approval: allow (with the edited input) or deny with the feedback. */
export function permissionFor(approval: Approval, toolUseId: string): PermissionResult {
  if (approval.state === "approved") {
    return {
      behavior: "allow",
      toolUseID: toolUseId,
      ...(approval.updated_input !== null && { updatedInput: approval.updated_input }),
    };
  }
  return { behavior: "deny", message: rejectionMessage(approval), toolUseID: toolUseId };
}

/** What the model is told when a person refused a call: their feedback, so the agent can continue with it. */
export function rejectionMessage(approval: Approval): string {
  if (approval.state !== "rejected")
    return `The approval for ${approval.tool_name} was ${approval.state}, so it did not run.`;
  const said = approval.feedback === null ? "" : ` The user's feedback: ${approval.feedback}`;
  return `The user rejected this ${approval.tool_name} call, so it did not run.${said}`;
}

/** The ToolRequest card's data after an approval changed state (the card is the one this server stored). */
function cardData(data: Record<string, unknown>, approval: Approval): Record<string, unknown> {
  if (typeof data.server_name === "string" && typeof data.arguments === "object")
    return mcpToolRequestAfterApproval(data as MCPToolRequestData, approval);
  return toolRequestAfterApproval(data as ToolRequestData, approval);
}

function headlineOf(data: Record<string, unknown>): string {
  return typeof data.headline === "string" ? data.headline : String(data.tool_name ?? "");
}

function alreadySettled(approval: Approval): ApiError {
  const message =
    approval.decision === null
      ? `this approval was ${approval.state} and can no longer be answered`
      : `this approval was already answered (${approval.decision})`;
  return new ApiError("conflict", message, { details: approval });
}

/**
 * The rule "always allow" saves: the suggested one, or for an MCP call answered with `always_scope: server`
 * the server-wide rule (`mcp__github`), which covers every tool of that server.
 */
function alwaysAllowRule(approval: Approval, body: ApprovalAnswerRequest): PermissionRuleSpec | null {
  if (body.always_scope !== "server") return approval.suggested_rule;
  const server = /^(mcp__.+?)__.+$/.exec(approval.tool_name)?.[1];
  if (server === undefined) {
    throw new ApiError("invalid_request", "always_scope 'server' is only offered for MCP tool calls", {
      issues: [{ path: "body.always_scope", message: `${approval.tool_name} is not an MCP tool` }],
    });
  }
  return { tool: server, behavior: "allow" };
}

/** An edited input, checked with the tool's own schema (the loop checks it again before running). */
function validInput(toolName: string, input: JsonObject, mcp: McpHub | undefined): JsonObject {
  const tool = toolCatalog().get(toolName) ?? mcp?.tools().find((candidate) => candidate.name === toolName);
  if (tool === undefined) return input;
  const parsed = tool.inputSchema.safeParse(input);
  if (parsed.success) return input;
  const issues = parsed.error.issues.map((issue) => ({
    path: ["body", "updated_input", ...issue.path.map(String)].join("."),
    message: issue.message,
  }));
  throw new ApiError(
    "invalid_request",
    `the edited input is not valid for ${toolName}: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ")}`,
    { issues },
  );
}
