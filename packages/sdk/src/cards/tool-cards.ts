import {
  type ApprovalDecision,
  ApprovalDecisionSchema,
  type JsonValue,
  type PermissionRuleSpec,
  PermissionRuleSpecSchema,
  type ToolRequestData,
  ToolRequestDataSchema,
  type ToolResultData,
  ToolResultDataSchema,
} from "@parley/protocol";
import { dropMistyped, isPlainObject } from "./card-fields.ts";

/**
 * A ToolRequest card's data with the fields Parley's server adds: the headline, why the policy asked,
 * the approval to answer, the rule "Always allow" saves, a protected path, and the answer once given.
 */
export type ToolRequestCard = ToolRequestData & {
  headline?: string;
  reason?: string;
  approval_id?: string;
  suggested_rule?: PermissionRuleSpec;
  protected_path?: boolean;
  blocked_path?: string;
  /** `policy`, `user`, `engine`, `run` or `not_required`. */
  decided_by?: string;
  decision?: ApprovalDecision;
  feedback?: string;
  answered_at?: string;
  /** The model's input, when the person edited it before approving (`parameters` is what ran). */
  original_parameters?: Record<string, JsonValue>;
  parent_tool_use_id?: string;
};

/** A ToolResult card's data with Parley's fields: the headline and whether the output was cut. */
export type ToolResultCard = ToolResultData & {
  headline?: string;
  output_truncated?: boolean;
  /** The output's full length when it was cut. */
  output_chars?: number;
  parent_tool_use_id?: string;
};

/** A ToolRequest card's data, or undefined when it does not fit the protocol's schema. */
export function readToolRequest(data: unknown): ToolRequestCard | undefined {
  const parsed = ToolRequestDataSchema.safeParse(data);
  if (!parsed.success) return undefined;
  const card: Record<string, unknown> = { ...parsed.data };
  dropMistyped(card, {
    headline: "string",
    reason: "string",
    approval_id: "string",
    protected_path: "boolean",
    blocked_path: "string",
    decided_by: "string",
    feedback: "string",
    answered_at: "string",
    original_parameters: "object",
    parent_tool_use_id: "string",
  });
  if ("suggested_rule" in card && !PermissionRuleSpecSchema.safeParse(card.suggested_rule).success)
    delete card.suggested_rule;
  if ("decision" in card && !ApprovalDecisionSchema.safeParse(card.decision).success) delete card.decision;
  return card as ToolRequestCard;
}

/** A ToolResult card's data, or undefined when it does not fit the protocol's schema. */
export function readToolResult(data: unknown): ToolResultCard | undefined {
  const parsed = ToolResultDataSchema.safeParse(data);
  if (!parsed.success) return undefined;
  const card: Record<string, unknown> = { ...parsed.data };
  dropMistyped(card, {
    headline: "string",
    output_truncated: "boolean",
    output_chars: "number",
    parent_tool_use_id: "string",
  });
  return card as ToolResultCard;
}

/** True when a person was (or is) asked to approve this call: it has an approval to answer. */
export function asksPerson(request: ToolRequestCard): boolean {
  return request.approval_id !== undefined;
}

/** A tool result's output as text: strings as they are, anything else as indented JSON. */
export function toolOutputText(result: ToolResultCard): string {
  const output = result.output;
  if (typeof output === "string") return output;
  if (output === null || output === undefined) return "";
  return JSON.stringify(output, null, 2);
}

/** A permission rule the way people write it: `Write(src/**)`, or the tool alone. */
export function describeRule(rule: Pick<PermissionRuleSpec, "tool" | "pattern">): string {
  return rule.pattern === undefined ? rule.tool : `${rule.tool}(${rule.pattern})`;
}

/** The tool input a person may edit: the call's parameters, as an object. */
export function editableInput(request: ToolRequestCard): Record<string, JsonValue> {
  return isPlainObject(request.parameters) ? request.parameters : {};
}
