import {
  type AnyUiSseMessage,
  fromUiSseMessage,
  type KnownUiSseView,
  type UiSseKind,
} from "@parley/protocol";
import { isUnknownKind, unknownKindWarning } from "./cards/rich-card.ts";
import { type HandledEvent, handled, type ViewOf } from "./handled-event.ts";
import { idlePromptActions } from "./idle-prompt-actions.ts";
import { queuedChatMessage } from "./queued-chat-message.ts";
import { runHandled } from "./run-event-handlers.ts";
import { activityActions, messageActions, tokenActions } from "./turn-event-actions.ts";

export type { HandledEvent, StoreEffect } from "./handled-event.ts";

/** Seed 002's `sseEventHandlers`: one handler per kind, each turning a typed frame into actions and effects. */
export const sseEventHandlers: { [K in UiSseKind]: (view: ViewOf<K>) => HandledEvent } = {
  message: (view) => {
    const result = handled(view, messageActions(view.event, view.message.ts_ms));
    const kind = (view.event.rich as { kind?: unknown } | undefined)?.kind;
    if (typeof kind === "string" && isUnknownKind(kind))
      result.warning = unknownKindWarning(view.event.message_id, kind);
    return result;
  },
  token: (view) => handled(view, tokenActions(view.event, view.message.ts_ms)),
  activity: (view) =>
    handled(
      view,
      view.event.type === "AgentStatus"
        ? activityActions(view.event, view.message.ts_ms)
        : idlePromptActions(view.event, view.message.ts_ms),
    ),
  text_segment: (view) => {
    const event = view.event;
    if (event.run_id === undefined) return handled(view, []);
    return handled(view, [
      {
        type: "PUSH_TEXT_SEGMENT",
        runId: event.run_id,
        agentId: event.agent_id,
        atMs: view.message.ts_ms,
        segmentId: event.message_id ?? `${event.run_id}.seq${view.message.seq}`,
        text: event.text,
      },
    ]);
  },
  run: (view) => runHandled(view),
  queue: (view) =>
    handled(view, [
      {
        type: "APPLY_QUEUE_CHANGE",
        agentId: view.event.agent_id,
        change: view.event.change,
        items: view.event.items.map(queuedChatMessage),
      },
    ]),
  ask_user: (view) =>
    handled(view, [
      {
        type: "SET_ASK_USER",
        askUser: {
          questionId: view.event.question_id,
          agentId: view.event.agent_id,
          questions: view.event.questions,
          ...(view.event.run_id !== undefined && { runId: view.event.run_id }),
          ...(view.event.message_id !== undefined && { messageId: view.event.message_id }),
        },
      },
    ]),
  model_fallback: (view) =>
    handled(view, [
      {
        type: "SET_MODEL_FALLBACK",
        fallback: {
          preferred: view.event.preferred,
          actual: view.event.actual,
          reason: view.event.reason,
          atMs: view.message.ts_ms,
        },
      },
    ]),
  // The latest line shows on the running call's activity entry; the outcome stays on its result card.
  tool_progress: (view) =>
    handled(
      view,
      view.event.run_id === undefined || view.event.tool_use_id === undefined
        ? []
        : [
            {
              type: "TOOL_PROGRESS",
              runId: view.event.run_id,
              toolUseId: view.event.tool_use_id,
              line: view.event.line,
            },
          ],
    ),
};

/**
 * Interprets one logged frame. Never throws: a kind or phase from a newer server, or a payload that does
 * not fit, comes back with a `warning` and nothing to do.
 */
export function handleSseMessage(message: AnyUiSseMessage): HandledEvent {
  const view = fromUiSseMessage(message);
  if (view.kind === "unrecognized") {
    const detail = view.error === undefined ? "" : `: ${view.error.message}`;
    const phase = message.phase === undefined ? "" : `/${message.phase}`;
    return {
      actions: [],
      effects: [],
      warning: `skipped ${message.kind}${phase} frame ${message.seq} (${view.reason}${detail})`,
    };
  }
  const handler = sseEventHandlers[view.kind] as (view: KnownUiSseView) => HandledEvent;
  return handler(view);
}
