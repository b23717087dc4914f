import type { HistoryMessage, StoredMessage } from "@parley/protocol";

/** One history message as the chat stores it: its rich message, plain text and the run it belongs to. */
export interface HistoryChatMessage {
  role: HistoryMessage["role"];
  rich: StoredMessage["rich"];
  content: string;
  runId: string | null;
}

/**
 * A session's history kept elsewhere (an agent CLI's, an editor's thread) as chat messages. Each stretch of
 * answers after a prompt is one run, as a live run's would be, named by `runIdFor(turn)`: the chat then
 * shows its text, tool calls and their results together (a tool call is shown read-only, decided where it
 * ran, with `reason` saying so).
 */
export function historyChat(
  history: readonly HistoryMessage[],
  reason: string,
  runIdFor: (turn: number) => string,
): HistoryChatMessage[] {
  let turn = -1;
  let runId: string | null = null;
  const toolNames = new Map<string, string>();
  return history.map((message) => {
    if (message.role === "user") runId = null;
    else runId ??= runIdFor(++turn);
    return {
      role: message.role,
      rich: richOf(message, toolNames, reason),
      content: message.content,
      runId: message.role === "user" ? null : runId,
    };
  });
}

/** A history message as the rich message the chat shows: text, or a read-only tool call or result card. */
function richOf(
  message: HistoryMessage,
  toolNames: Map<string, string>,
  reason: string,
): StoredMessage["rich"] {
  const callId = message.call_id ?? message.part_id ?? message.message_id ?? "call";
  const at = new Date(message.timestamp ?? 0).toISOString();
  if (message.content_type === "tool_use") {
    const call = parseCall(message.content);
    toolNames.set(callId, call.name);
    return {
      kind: "ToolRequest",
      data: {
        request_id: callId,
        tool_use_id: callId,
        tool_name: call.name,
        parameters: call.input,
        requires_approval: false,
        approval_status: "AutoApproved",
        requested_at: at,
        reason,
      },
    };
  }
  if (message.content_type === "tool") {
    const toolName = toolNames.get(callId) ?? "tool";
    const data = { request_id: callId, tool_use_id: callId, tool_name: toolName, output: message.content };
    return { kind: "ToolResult", data: { ...data, status: "Success", is_error: false, executed_at: at } };
  }
  return { kind: "Text", data: { text: message.content } };
}

/** The adapters export a tool call as `{"name", "input"}` JSON. */
function parseCall(content: string): { name: string; input: Record<string, unknown> } {
  try {
    const parsed = JSON.parse(content) as { name?: unknown; input?: unknown };
    const input = parsed.input;
    return {
      name: typeof parsed.name === "string" && parsed.name !== "" ? parsed.name : "tool",
      input:
        typeof input === "object" && input !== null && !Array.isArray(input)
          ? (input as Record<string, unknown>)
          : { input: input ?? null },
    };
  } catch {
    return { name: "tool", input: { input: content } };
  }
}
