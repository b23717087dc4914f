import { cardFromRich } from "./cards/rich-card.ts";
import { readSystemControl } from "./cards/system-cards.ts";
import type { ChatAction } from "./chat-actions.ts";
import type { ChatMessage, MessageCard } from "./chat-state.ts";
import type { EventOf } from "./handled-event.ts";
import { attachmentsOfRich } from "./message-attachments.ts";

/**
 * A Message event: a user message (which also starts its run's turn), or an agent's text or typed card.
 */
export function messageActions(event: EventOf<"Message">, atMs: number): ChatAction[] {
  const timestamp = new Date(atMs).toISOString();
  if (event.role === "user") {
    const message: ChatMessage = {
      id: event.message_id,
      role: "user",
      from: event.from,
      to: event.to,
      text: event.content,
      timestamp,
      timestampMs: atMs,
    };
    const attachments = attachmentsOfRich(event.rich);
    if (attachments !== undefined) message.attachments = attachments;
    if (event.run_id !== undefined) message.runId = event.run_id;
    if (event.client_message_id !== undefined) message.clientMessageId = event.client_message_id;
    const actions: ChatAction[] = [{ type: "PUSH_MESSAGE", message }];
    if (event.run_id !== undefined) {
      // The first event of a run starts its turn, generating (seed 002: PUSH_MESSAGE of an empty agent message).
      actions.push({
        type: "PUSH_MESSAGE",
        message: {
          id: event.run_id,
          role: "agent",
          from: event.agent_id,
          text: "",
          timestamp,
          timestampMs: atMs,
          isGenerating: true,
          runId: event.run_id,
        },
      });
    }
    return actions;
  }
  const rich = event.rich as { kind?: unknown; data?: unknown } | undefined;
  const isCard = rich !== undefined && typeof rich.kind === "string" && rich.kind !== "Text";
  const card = isCard
    ? cardFromRich(event.message_id, { kind: rich.kind as string, data: rich.data })
    : undefined;
  const actions: ChatAction[] = [];
  if (event.run_id === undefined) {
    const message: ChatMessage = {
      id: event.message_id,
      role: "agent",
      from: event.from,
      text: card === undefined ? event.content : "",
      timestamp,
      timestampMs: atMs,
    };
    if (card !== undefined) {
      message.cards = [card];
      message.partOrder = [card.id];
    }
    actions.push({ type: "PUSH_MESSAGE", message });
    // A card outside any run that is announced again (an approval answered) replaces the one shown.
    if (card !== undefined) actions.push({ type: "UPDATE_CARD", messageId: card.id, rich: card.rich });
  } else {
    const target = { runId: event.run_id, agentId: event.agent_id, atMs };
    actions.push(
      card === undefined
        ? { type: "PUSH_TEXT_SEGMENT", ...target, segmentId: event.message_id, text: event.content }
        : { type: "PUSH_CARD", ...target, card },
    );
  }
  const modeChange = card === undefined ? undefined : modeChangeOf(card);
  if (modeChange !== undefined) {
    actions.push({
      type: "SET_PERMISSION_MODE",
      agentId: event.agent_id,
      mode: { mode: modeChange, source: "session" },
    });
  }
  return actions;
}

/** The mode a live `mode_change` SystemControl card switched to (the person's choice for the session). */
function modeChangeOf(card: MessageCard): string | undefined {
  if (card.rich.kind !== "SystemControl") return undefined;
  const control = readSystemControl(card.rich.data);
  return control?.action === "mode_change" ? control.mode : undefined;
}

/** A Token event: streamed text or thinking, the end of a segment, or a reset of a retried stream. */
export function tokenActions(event: EventOf<"Token">, atMs: number): ChatAction[] {
  if (event.run_id === undefined) return [];
  const target = { runId: event.run_id, agentId: event.agent_id, atMs };
  const segmentId = event.message_id ?? `${event.run_id}.live`;
  const actions: ChatAction[] = [];
  if (event.reset === true) actions.push({ type: "RESET_SEGMENT", ...target, segmentId });
  if (event.thinking && event.token !== "") actions.push({ type: "SET_THINKING", ...target, thinking: true });
  if (event.token !== "" || event.done) {
    actions.push({
      type: "APPEND_TOKEN",
      ...target,
      segmentId,
      token: event.token,
      thinking: event.thinking,
      ...(event.done && { done: true }),
    });
  }
  return actions;
}

/** An AgentStatus event: a status headline or tool call starting (`doing`), or finishing (`done`). */
export function activityActions(event: EventOf<"AgentStatus">, atMs: number): ChatAction[] {
  if (event.run_id === undefined) return [];
  if (event.lifecycle === "done") {
    return [
      {
        type: "ACTIVITY_DONE",
        runId: event.run_id,
        ...(event.tool_use_id !== undefined && { toolUseId: event.tool_use_id }),
        // Older servers said a tool failed only through this headline.
        ...((event.failed === true || event.detail === "Tool failed") && { failed: true }),
        ...(event.duration_ms !== undefined && { durationMs: event.duration_ms }),
      },
    ];
  }
  const target = { runId: event.run_id, agentId: event.agent_id, atMs };
  const actions: ChatAction[] = [
    {
      type: "SET_ACTIVITY",
      ...target,
      detail: event.detail ?? statusHeadline(event.status),
      status: event.status,
      ...(event.tool_use_id !== undefined && { toolUseId: event.tool_use_id }),
      ...(event.tool_name !== undefined && { toolName: event.tool_name }),
      ...(event.started_at_ms !== undefined && { startedAtMs: event.started_at_ms }),
    },
  ];
  if (event.status === "thinking") actions.push({ type: "SET_THINKING", ...target, thinking: true });
  return actions;
}

function statusHeadline(status: EventOf<"AgentStatus">["status"]): string {
  const headlines = {
    model_loading: "Model loading...",
    thinking: "Thinking...",
    calling_tool: "Running",
    working: "Running",
    idle: "Idle",
  } as const;
  return headlines[status];
}
