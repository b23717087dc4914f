import { type EngineTool, INTERRUPTED_TOOL_RESULT, isMcpEngineTool, READ_MCP_RESOURCE } from "@parley/engine";
import {
  type ApprovalDecider,
  type ApprovalStatus,
  type ErrorDetail,
  type ExecutionStatus,
  isoFromEpochMs,
  type JsonValue,
  type PermissionRuleSpec,
  type ToolRequestData,
  type ToolResultBlockParam,
  type ToolResultData,
} from "@parley/protocol";
import type { MessagePublisher, MessageScope } from "../context/message-publisher.ts";
import { mcpResourceMessages, mcpToolRequestData, mcpToolResultData } from "./mcp-call-cards.ts";
import { projectStructureCard } from "./project-structure-card.ts";
import { toolHeadline } from "./tool-headline.ts";

/** Longest tool output a ToolResult message keeps (the model still gets the whole result). */
export const TOOL_RESULT_MAX_CHARS = 30_000;

/** How the approval of a call was settled, as its ToolRequest card shows it. */
export interface ApprovalOutcome {
  status: ApprovalStatus;
  /**
   * Who decided: the permission policy, a person, the engine (it refused invalid input), the run (it stopped
   * first), or nobody because the tool needs no approval (`not_required`).
   */
  decidedBy: ApprovalDecider;
  reason?: string;
  approvalId?: string;
  suggestedRule?: PermissionRuleSpec;
  blockedPath?: string;
  /** The input the call ran with, when a person edited it. */
  updatedInput?: Record<string, unknown>;
  feedback?: string;
}

/** What the log knows about one call. */
export interface CallRecord {
  scope: MessageScope;
  toolName: string;
  input: Record<string, unknown>;
  parentToolUseId: string | undefined;
  messageId?: string;
  startedAtMs?: number;
  denied?: boolean;
  /** Its result was recorded (a later call reusing the id is a new call). */
  finished?: boolean;
}

/** What a tool result meant, for the activity event that closes the call. */
export interface RecordedResult {
  headline: string;
  durationMs?: number;
  failed: boolean;
}

/**
 * Makes every tool call of a run visible as chat messages: a ToolRequest when the call is decided (auto
 * approved, waiting for a person, refused) and a ToolResult with its (capped) output, status and duration.
 * Calls to tools the run does not offer get neither: they never ran and the model is told so.
 */
export class ToolCallLog {
  readonly #tools: ReadonlyMap<string, EngineTool>;
  readonly #publisher: MessagePublisher;
  readonly #now: () => number;
  readonly #calls = new Map<string, CallRecord>();

  constructor(tools: ReadonlyMap<string, EngineTool>, publisher: MessagePublisher, now: () => number) {
    this.#tools = tools;
    this.#publisher = publisher;
    this.#now = now;
  }

  /** Remembers a call the model made, with the run (or subagent run) it belongs to. */
  noteCall(
    scope: MessageScope,
    toolUseId: string,
    toolName: string,
    input: unknown,
    parentToolUseId?: string,
  ): void {
    const known = this.#calls.get(toolUseId);
    if (known !== undefined && known.finished !== true) return;
    this.#calls.set(toolUseId, { scope, toolName, input: asRecord(input), parentToolUseId });
  }

  /** When a call started executing, if it has. */
  startedAtOf(toolUseId: string): number | undefined {
    return this.#calls.get(toolUseId)?.startedAtMs;
  }

  /** The ToolRequest message of a call, once it has one. */
  messageIdOf(toolUseId: string): string | undefined {
    return this.#calls.get(toolUseId)?.messageId;
  }

  /** Inside a unit of work: stores (or updates) the call's ToolRequest card; returns its message id. */
  recordRequest(toolUseId: string, outcome: ApprovalOutcome, fallback?: CallRecord): string | undefined {
    const call = this.#calls.get(toolUseId) ?? fallback;
    if (call === undefined) return undefined;
    this.#calls.set(toolUseId, call);
    if (outcome.status === "Rejected" || outcome.status === "Cancelled" || outcome.status === "Expired")
      call.denied = true;
    const tool = this.#tools.get(call.toolName);
    const headline = toolHeadline(tool !== undefined, call.toolName, call.input);
    const data: ToolRequestData = {
      request_id: call.messageId ?? "",
      tool_use_id: toolUseId,
      tool_name: call.toolName,
      parameters: (outcome.updatedInput ?? call.input) as Record<string, JsonValue>,
      description: headline,
      requires_approval: tool?.requiresApproval ?? false,
      approval_status: outcome.status,
      requested_at: isoFromEpochMs(this.#now()),
      headline,
      decided_by: outcome.decidedBy,
      protected_path: outcome.blockedPath !== undefined,
      ...(outcome.reason !== undefined && { reason: outcome.reason }),
      ...(outcome.approvalId !== undefined && { approval_id: outcome.approvalId }),
      ...(outcome.suggestedRule !== undefined && { suggested_rule: outcome.suggestedRule }),
      ...(outcome.blockedPath !== undefined && { blocked_path: outcome.blockedPath }),
      ...(outcome.updatedInput !== undefined && {
        original_parameters: call.input as Record<string, JsonValue>,
      }),
      ...(outcome.feedback !== undefined && { feedback: outcome.feedback }),
      ...(call.parentToolUseId !== undefined && { parent_tool_use_id: call.parentToolUseId }),
    };
    // An MCP call is its own kind of card, carrying the server, the tool's title and annotations.
    const card = (requestId: string) =>
      isMcpEngineTool(tool)
        ? { kind: "MCPToolRequest", data: mcpToolRequestData({ ...data, request_id: requestId }, tool) }
        : { kind: "ToolRequest", data: { ...data, request_id: requestId } };
    if (call.messageId !== undefined) {
      this.#publisher.update(call.messageId, card(call.messageId), headline);
      return call.messageId;
    }
    // The request id is the message id, so a ToolResult names the card it answers.
    const id = this.#publisher.newId();
    this.#publisher.append(call.scope, "assistant", card(id), headline, id);
    call.messageId = id;
    return id;
  }

  /** Records that a person refused a call (its result then reads as cancelled, not failed). */
  markDenied(toolUseId: string): void {
    const call = this.#calls.get(toolUseId);
    if (call !== undefined) call.denied = true;
  }

  /** Records that a call was decided elsewhere and stored under `messageId` (a durable approval card). */
  adoptRequest(toolUseId: string, messageId: string, fallback: CallRecord): void {
    const call = this.#calls.get(toolUseId) ?? fallback;
    call.messageId = messageId;
    this.#calls.set(toolUseId, call);
  }

  /** The tool started running: an auto-approved call gets its card now; its duration is measured from here. */
  markStarted(
    toolUseId: string,
    scope: MessageScope,
    toolName: string,
    input: unknown,
    parent?: string,
  ): void {
    const call = this.#calls.get(toolUseId) ?? {
      scope,
      toolName,
      input: asRecord(input),
      parentToolUseId: parent,
    };
    this.#calls.set(toolUseId, call);
    call.startedAtMs = this.#now();
    if (call.messageId === undefined)
      this.recordRequest(toolUseId, { status: "AutoApproved", decidedBy: "not_required" });
  }

  /** Inside a unit of work: stores the ToolResult of a call (and its card, if it never got one). */
  recordResult(
    toolUseId: string,
    block: ToolResultBlockParam,
    toolUseResult?: unknown,
  ): RecordedResult | undefined {
    const call = this.#calls.get(toolUseId);
    if (call === undefined || call.finished === true) return undefined;
    call.finished = true;
    const tool = this.#tools.get(call.toolName);
    const headline = toolHeadline(tool !== undefined, call.toolName, call.input);
    const failed = block.is_error === true;
    if (tool === undefined) return { headline, failed };
    if (call.messageId === undefined) {
      // It never reached a decision: its input was invalid, or it was interrupted first.
      this.recordRequest(toolUseId, {
        status: tool.requiresApproval ? "Rejected" : "AutoApproved",
        decidedBy: tool.requiresApproval ? "engine" : "not_required",
        ...(tool.requiresApproval && { reason: "the call was refused before it could be approved" }),
      });
    }
    const full = outputText(block.content);
    const output = full.length > TOOL_RESULT_MAX_CHARS ? truncate(full) : full;
    const durationMs =
      call.startedAtMs === undefined ? undefined : Math.max(0, this.#now() - call.startedAtMs);
    const status = executionStatus(block, call.denied === true, full);
    const data: ToolResultData = {
      request_id: call.messageId as string,
      tool_use_id: toolUseId,
      tool_name: call.toolName,
      output,
      status,
      is_error: failed,
      executed_at: isoFromEpochMs(this.#now()),
      headline,
      ...(durationMs !== undefined && { duration_ms: durationMs }),
      ...(output.length !== full.length && { output_truncated: true, output_chars: full.length }),
      ...(failed && { error: errorDetail(status, call.denied === true, full) }),
      ...(call.parentToolUseId !== undefined && { parent_tool_use_id: call.parentToolUseId }),
    };
    const rich = isMcpEngineTool(tool)
      ? { kind: "MCPToolResult", data: mcpToolResultData(data, tool, toolUseResult) }
      : { kind: "ToolResult", data };
    this.#publisher.append(call.scope, "assistant", rich, firstLine(full));
    // A resource the agent read is shown as what it is, not only as the tool's text.
    if (call.toolName === READ_MCP_RESOURCE && !failed) {
      for (const resource of mcpResourceMessages(toolUseResult)) {
        this.#publisher.append(call.scope, "assistant", resource, resource.data.uri);
      }
    }
    // The whole structure the ProjectStructure tool read is shown as its own card (the model got a summary).
    const structure = failed ? undefined : projectStructureCard(call.toolName, toolUseResult);
    if (structure !== undefined) {
      const title = `Project structure (${structure.data.structure_type})`;
      this.#publisher.append(call.scope, "assistant", structure, title);
    }
    return { headline, failed, ...(durationMs !== undefined && { durationMs }) };
  }
}

function executionStatus(block: ToolResultBlockParam, denied: boolean, text: string): ExecutionStatus {
  if (block.is_error !== true) return "Success";
  if (denied || text === INTERRUPTED_TOOL_RESULT) return "Cancelled";
  return "Failed";
}

function errorDetail(status: ExecutionStatus, denied: boolean, text: string): ErrorDetail {
  const code = denied ? "permission_denied" : status === "Cancelled" ? "interrupted" : "tool_error";
  return { code, message: firstLine(text, 500) };
}

/** A tool result's content as text; images and other blocks are named, not inlined. */
export function outputText(content: ToolResultBlockParam["content"]): string {
  if (content === undefined) return "";
  if (typeof content === "string") return content;
  return content.map((block) => (block.type === "text" ? block.text : `[${block.type}]`)).join("\n");
}

function truncate(text: string): string {
  const kept = text.slice(0, TOOL_RESULT_MAX_CHARS);
  return `${kept}\n… [output truncated: ${text.length - kept.length} more characters]`;
}

function firstLine(text: string, max = 200): string {
  const line = text.trim().split("\n", 1)[0] ?? "";
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

function asRecord(input: unknown): Record<string, unknown> {
  return typeof input === "object" && input !== null && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : {};
}
