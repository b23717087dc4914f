import {
  type JsonValue,
  type PermissionRuleSpec,
  type ToolRequestData,
  ToolRequestDataSchema,
  type ToolResultData,
  ToolResultDataSchema,
} from "@parley/protocol";
import { isPlainObject } from "./card-fields.ts";

/** A ToolRequest card's data, or undefined when it does not fit the protocol's schema. */
export function readToolRequest(data: unknown): ToolRequestData | undefined {
  const parsed = ToolRequestDataSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

/** A ToolResult card's data, or undefined when it does not fit the protocol's schema. */
export function readToolResult(data: unknown): ToolResultData | undefined {
  const parsed = ToolResultDataSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

/** True when a person was (or is) asked to approve this call: it has an approval to answer. */
export function asksPerson(request: ToolRequestData): boolean {
  return request.approval_id !== undefined;
}

/** A tool result's output as text: strings as they are, anything else as indented JSON. */
export function toolOutputText(result: ToolResultData): string {
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
export function editableInput(request: ToolRequestData): Record<string, JsonValue> {
  return isPlainObject(request.parameters) ? request.parameters : {};
}
