import type { SubagentTreeEntry } from "./chat-state.ts";
import { type HandledEvent, handled, type StoreEffect, type ViewOf } from "./handled-event.ts";

/** The `run` kind, by phase: outcome, context usage, subagents, plan, and the refetching phases. */
export function runHandled(view: ViewOf<"run">): HandledEvent {
  const atMs = view.message.ts_ms;
  switch (view.event.type) {
    case "Outcome": {
      const event = view.event;
      return handled(view, [
        {
          type: "FINALIZE_MESSAGE",
          runId: event.run_id,
          outcome: event.outcome,
          atMs,
          ...(event.error !== undefined && { error: event.error }),
          ...(event.duration_ms !== undefined && { durationMs: event.duration_ms }),
        },
      ]);
    }
    case "ContextUsage": {
      const event = view.event;
      return handled(view, [
        {
          type: "SET_CONTEXT_USAGE",
          usage: {
            messageCount: event.message_count,
            estimatedTokens: event.estimated_tokens,
            compressed: event.compressed,
            ...(event.context_window !== undefined && { contextWindow: event.context_window }),
            ...(event.pre_tokens !== undefined && { preTokens: event.pre_tokens }),
            ...(event.trigger !== undefined && { trigger: event.trigger }),
            ...(event.message_id !== undefined && { compactionMessageId: event.message_id }),
          },
          ...(event.run_id !== undefined && { runId: event.run_id }),
        },
      ]);
    }
    case "SubagentSpawned": {
      const event = view.event;
      const entry: SubagentTreeEntry = {
        subagentId: event.subagent_id,
        parentId: event.parent_id,
        task: event.task,
        done: false,
        startedAtMs: atMs,
        ...(event.run_id !== undefined && { runId: event.run_id }),
        ...(event.parent_run_id !== undefined && { parentRunId: event.parent_run_id }),
        ...(event.tool_use_id !== undefined && { toolUseId: event.tool_use_id }),
        ...(event.subagent_type !== undefined && { subagentType: event.subagent_type }),
        ...(event.prompt !== undefined && { prompt: event.prompt }),
      };
      return handled(view, [{ type: "ADD_SUBAGENT", agentId: event.parent_id, atMs, entry }]);
    }
    case "SubagentResult": {
      const event = view.event;
      return handled(view, [
        {
          type: "MARK_SUBAGENT_DONE",
          subagentId: event.subagent_id,
          outcome: event.outcome,
          ...(event.run_id !== undefined && { runId: event.run_id }),
          ...(event.summary !== undefined && { summary: event.summary }),
          ...(event.error !== undefined && { error: event.error }),
          ...(event.duration_ms !== undefined && { durationMs: event.duration_ms }),
          ...(event.tool_uses !== undefined && { toolUses: event.tool_uses }),
        },
      ]);
    }
    case "PlanUpdate":
      return handled(view, [
        {
          type: "SET_PLAN",
          plan: view.event.plan,
          ...(view.event.run_id !== undefined && { runId: view.event.run_id }),
          ...(view.event.message_id !== undefined && { messageId: view.event.message_id }),
        },
      ]);
    case "ContextUpdate":
      return handled(view, [
        {
          type: "UPDATE_CARD",
          messageId: view.event.message_id,
          rich: view.event.rich,
        },
      ]);
    case "StateUpdated":
      return handled(view, [], syncEffects(view.event.reason, view.event.session_id));
    case "Resync":
      return handled(view, [], [{ type: "refetch_session" }, { type: "refetch_sessions" }]);
    case "ChangeReport": {
      // The report's own chat message (a change_report block) arrives as a Message event.
      const event = view.event;
      if (event.run_id === undefined) return handled(view, []);
      return handled(view, [
        {
          type: "SET_CHANGE_REPORT",
          runId: event.run_id,
          agentId: event.agent_id,
          atMs,
          report: {
            files: event.files,
            truncatedCount: event.truncated_count,
            ...(event.message_id !== undefined && { messageId: event.message_id }),
          },
        },
      ]);
    }
    default:
      return handled(view, []);
  }
}

/** What a `run`/`sync` frame asks to refetch, by its reason; an unknown reason refetches everything it may touch. */
function syncEffects(reason: string | undefined, sessionId: string | undefined): StoreEffect[] {
  switch (reason) {
    case "session_created":
    case "session_renamed":
    case "session_updated":
    case "session_deleted":
      return [{ type: "refetch_sessions" }];
    case "settings_changed":
      return [{ type: "refetch_settings" }];
    case "permission_rules_changed":
      return [{ type: "permission_rules_changed" }];
    case "mcp_servers_changed":
      return [{ type: "mcp_servers_changed" }];
    case "mission_changed":
      return [{ type: "mission_changed" }];
    default: {
      const session: StoreEffect =
        sessionId === undefined ? { type: "refetch_session" } : { type: "refetch_session", sessionId };
      return sessionId === undefined
        ? [session, { type: "refetch_sessions" }, { type: "refetch_settings" }]
        : [session];
    }
  }
}
