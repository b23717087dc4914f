import type { JsonValue, ResponsePart, StoredMessage } from "@parley/protocol";

/** A stored message an external tool part becomes, keyed so a later version of the part replaces it. */
export interface ExternalToolMessage {
  key: string;
  rich: StoredMessage["rich"];
  content: string;
}

/**
 * The ToolRequest card for an external agent's tool call and, once it has finished, its ToolResult. The
 * request is shown as already decided: the CLI's own permission system governs its tools, and the card
 * says so.
 */
export function toolCallMessages(part: ResponsePart, label: string, nowMs: number): ExternalToolMessage[] {
  const tool = part.tool;
  const callId = part.call_id ?? part.part_id ?? "";
  const name = tool?.name ?? "tool";
  const at = new Date(part.timestamp ?? nowMs).toISOString();
  const headline = part.text.split("\n")[0] ?? name;
  const request: ExternalToolMessage = {
    key: `request:${callId}`,
    content: headline,
    rich: {
      kind: "ToolRequest",
      data: {
        request_id: callId,
        tool_use_id: callId,
        tool_name: name,
        parameters: parametersOf(tool?.input),
        requires_approval: false,
        approval_status: "AutoApproved",
        requested_at: at,
        headline,
        reason: `${label} ran this under its own permission settings; Parley shows it and does not decide it.`,
      },
    },
  };
  if (tool === undefined || tool.status === "running") return [request];
  const failed = tool.status === "error";
  const output = tool.output ?? "";
  const result: ExternalToolMessage = {
    key: `result:${callId}`,
    content: output,
    rich: {
      kind: "ToolResult",
      data: {
        request_id: callId,
        tool_use_id: callId,
        tool_name: name,
        output,
        status: failed ? "Failed" : "Success",
        is_error: failed,
        executed_at: at,
        headline,
      },
    },
  };
  return [request, result];
}

/** A ToolRequest's parameters are an object; any other input is wrapped as `{input}`. */
function parametersOf(input: unknown): Record<string, JsonValue> {
  const value = JSON.parse(JSON.stringify(input ?? null)) as JsonValue;
  return typeof value === "object" && value !== null && !Array.isArray(value) ? value : { input: value };
}
