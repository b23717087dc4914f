import type { HistoryMessage, SessionSummary, StoredMessage } from "@parley/protocol";
import type { RunContext } from "../context/run-context.ts";

/**
 * Inside a transaction: a new Parley session that continues an agent CLI's own session, with that
 * session's history (from the CLI's export) stored as its messages. The next message resumes the CLI's
 * session, so the conversation goes on where it was left.
 */
export function importExternalSession(
  context: RunContext,
  backend: NonNullable<SessionSummary["backend"]>,
  externalSessionId: string,
  title: string,
  history: readonly HistoryMessage[],
): SessionSummary {
  const { store, bus, now, newId, projectRoot, publisher } = context;
  const created = now();
  const session = store.sessions.create({
    id: newId("ses"),
    project_root: projectRoot,
    title,
    created_at_ms: created,
    updated_at_ms: created,
    backend,
  });
  store.sessions.setBackendSession(session.id, externalSessionId);
  // Each stretch of the CLI's answers after a prompt is one turn, as a live run's would be: the chat then
  // shows its text, tool calls and their results together (a tool call paired with its result).
  let runId: string | null = null;
  const toolNames = new Map<string, string>();
  for (const message of history) {
    if (message.role === "user") runId = null;
    else runId ??= newId("run");
    const scope = { sessionId: session.id, agentId: "main", runId: message.role === "user" ? null : runId };
    publisher.append(scope, message.role, richOf(message, toolNames), message.content);
  }
  bus.publish({
    type: "StateUpdated",
    reason: "session_created",
    session_id: session.id,
    project_root: projectRoot,
  });
  return session;
}

/** A history message as the rich message the chat shows: text, or a read-only tool call or result card. */
function richOf(message: HistoryMessage, toolNames: Map<string, string>): StoredMessage["rich"] {
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
        reason: "Imported from the agent CLI's own session; its permission settings decided it.",
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
