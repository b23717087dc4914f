import {
  type ContentBlockParam,
  emptyUsage,
  newAssistantMessage,
  newResultError,
  newResultSuccess,
  newUserMessage,
  type ResultFields,
  type SDKAssistantMessage,
  type SDKResultMessage,
  type SDKUserMessage,
  type TerminalReason,
} from "@parley/protocol";
import type { ModelCallFailure } from "../providers/model-call-failure.ts";
import type { TurnContext } from "./turn-context.ts";

// The messages that close a turn (and the user messages the loop itself writes), built the way the
// Claude Code CLI builds them.

/** What the model is told about a tool call that an interrupt left unfinished. */
export const INTERRUPTED_TOOL_RESULT =
  "Interrupted by user: the tool did not run to completion. Wait for the user to tell you how to proceed.";

/** A `user` message stamped with the turn's ids and clock. */
export function userMessage(
  turn: TurnContext,
  content: string | ContentBlockParam[],
  extra: { toolUseResult?: unknown } = {},
): SDKUserMessage {
  const message = newUserMessage(content, turn.sessionId, { timestamp: timestamp(turn) });
  return {
    ...message,
    uuid: turn.ids.uuid(),
    ...(extra.toolUseResult !== undefined && { tool_use_result: extra.toolUseResult }),
  };
}

/** The `result`/`success` of a turn that ended with an answer. */
export function successResult(turn: TurnContext, text: string, structuredOutput?: unknown): SDKResultMessage {
  return {
    ...newResultSuccess({ ...resultFields(turn, "completed"), result: text }),
    ...(structuredOutput !== undefined && { structured_output: structuredOutput }),
    uuid: turn.ids.uuid(),
  };
}

/** `error_max_structured_output_retries`: the model kept ending without its `StructuredOutput` call. */
export function structuredOutputRetriesResult(turn: TurnContext): SDKResultMessage {
  return {
    ...newResultError({
      ...resultFields(turn, "structured_output_retry_exhausted"),
      subtype: "error_max_structured_output_retries",
      errors: ["The model did not give its answer as structured output after being reminded"],
    }),
    uuid: turn.ids.uuid(),
  };
}

/** `error_max_turns`, exactly as the CLI words it. */
export function maxTurnsResult(turn: TurnContext, maxTurns: number): SDKResultMessage {
  return {
    ...newResultError({
      ...resultFields(turn, "max_turns"),
      subtype: "error_max_turns",
      errors: [`Reached maximum number of turns (${maxTurns})`],
    }),
    uuid: turn.ids.uuid(),
  };
}

/** `error_max_budget_usd`: the session cost what `--max-budget-usd` allows. */
export function budgetResult(turn: TurnContext, maxBudgetUsd: number): SDKResultMessage {
  return {
    ...newResultError({
      ...resultFields(turn, "budget_exhausted"),
      subtype: "error_max_budget_usd",
      errors: [`Reached maximum budget ($${maxBudgetUsd})`],
    }),
    uuid: turn.ids.uuid(),
  };
}

/** `error_during_execution` after an interrupt, while streaming or while tools ran. */
export function interruptedResult(
  turn: TurnContext,
  reason: Extract<TerminalReason, "aborted_streaming" | "aborted_tools">,
): SDKResultMessage {
  return {
    ...newResultError({
      ...resultFields(turn, reason),
      subtype: "error_during_execution",
      errors: ["Request interrupted by user"],
    }),
    uuid: turn.ids.uuid(),
  };
}

/**
 * A request that failed for good: the CLI's synthetic assistant message (`API Error: <status>
 * <message>`, model `<synthetic>`) and a `result` that is `success` with `is_error` set.
 */
export function apiErrorMessages(
  turn: TurnContext,
  failure: ModelCallFailure,
): [SDKAssistantMessage, SDKResultMessage] {
  const text = `API Error: ${failure.status === null ? "" : `${failure.status} `}${failure.message}`;
  const assistant = newAssistantMessage(
    {
      id: turn.ids.uuid(),
      type: "message",
      role: "assistant",
      model: "<synthetic>",
      content: [{ type: "text", text }],
      stop_reason: "stop_sequence",
      stop_sequence: "",
      usage: emptyUsage(),
      context_management: null,
    },
    turn.sessionId,
    { error: failure.category, timestamp: timestamp(turn) },
  );
  const result = newResultSuccess({
    ...resultFields(turn, "api_error"),
    stopReason: "stop_sequence",
    result: text,
    isError: true,
    apiErrorStatus: failure.status,
  });
  return [
    {
      ...assistant,
      uuid: turn.ids.uuid(),
      is_api_error_message: true,
      api_error_status: failure.status,
      ...(failure.errorType && { api_error_type: failure.errorType }),
    },
    { ...result, uuid: turn.ids.uuid(), ...(failure.errorType && { api_error_type: failure.errorType }) },
  ];
}

function resultFields(turn: TurnContext, terminalReason: TerminalReason): ResultFields {
  const now = turn.clock.now();
  return {
    sessionId: turn.sessionId,
    durationMs: now - turn.startedAt,
    durationApiMs: turn.apiMs,
    numTurns: turn.numTurns,
    totalCostUsd: turn.usage.totalCostUsd,
    stopReason: turn.lastStopReason,
    usage: turn.usage.usage,
    modelUsage: turn.usage.modelUsage,
    permissionDenials: [...turn.permissionDenials],
    terminalReason,
  };
}

function timestamp(turn: TurnContext): string {
  return new Date(turn.clock.now()).toISOString();
}
