import type { SubagentOptions } from "../tools/engine-tool.ts";
import type { EngineMessage } from "./engine-message.ts";
import type { AgentTurnOptions } from "./run-agent-turn.ts";
import type { TurnContext } from "./turn-context.ts";

/**
 * Runs a subagent's turn for the parent's call `parentToolUseId`: the parent's settings (cwd, approval
 * callback, permission mode, clock, ids, turn limit unless the subagent sets one) and its current model, a
 * fresh history, the parent's abort signal (cancelling the parent cancels the child), and no partial or
 * queued messages. Its usage, cost, API time and permission denials are added to the parent's when its
 * `result` arrives.
 */
export async function* runSubagentTurn(
  parent: TurnContext,
  parentOptions: AgentTurnOptions,
  runTurn: (options: AgentTurnOptions) => AsyncGenerator<EngineMessage, void, undefined>,
  parentToolUseId: string,
  subagent: SubagentOptions,
): AsyncGenerator<EngineMessage, void, undefined> {
  const { takeQueuedMessages: _queue, fallbackModel: _fallback, taskId: _task, ...inherited } = parentOptions;
  const child = runTurn({
    ...inherited,
    sessionId: parent.sessionId,
    history: [],
    prompt: subagent.prompt,
    systemPrompt: subagent.systemPrompt,
    tools: [...subagent.tools],
    maxTurns: subagent.maxTurns ?? parentOptions.maxTurns,
    model: parent.model,
    ...(!parent.usingFallback && parent.fallbackModel && { fallbackModel: parent.fallbackModel }),
    includePartialMessages: false,
    signal: subagent.signal ? AbortSignal.any([parent.signal, subagent.signal]) : parent.signal,
    clock: parent.clock,
    idGenerator: parent.ids,
    parentToolUseId,
    ...(subagent.taskId !== undefined && { taskId: subagent.taskId }),
    subagentDepth: (parentOptions.subagentDepth ?? 0) + 1,
  });
  for await (const message of child) {
    if (message.type === "result") {
      parent.usage.addTurn(message);
      parent.apiMs += message.duration_api_ms;
      parent.permissionDenials.push(...message.permission_denials);
    }
    yield message;
  }
}

/**
 * Stamps `parent_tool_use_id` on the messages that carry one (assistant, user, partials, tool progress),
 * leaving ones a deeper subagent already stamped alone.
 */
export function withParentToolUseId(message: EngineMessage, parentToolUseId: string): EngineMessage {
  switch (message.type) {
    case "assistant":
    case "user":
    case "stream_event":
    case "tool_progress":
      return message.parent_tool_use_id === null
        ? { ...message, parent_tool_use_id: parentToolUseId }
        : message;
    default:
      return message;
  }
}
