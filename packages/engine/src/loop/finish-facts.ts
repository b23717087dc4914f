import type { LanguageModelV3FinishReason, LanguageModelV3Usage } from "@ai-sdk/provider";
import { BETA_STOP_REASONS, type BetaStopReason } from "@parley/protocol";
import type { TokenCounts } from "../providers/model-catalog.ts";

// What a provider's `finish` part means in Anthropic's terms, whichever API the response came from.

const STOP_REASONS: ReadonlySet<string> = new Set(BETA_STOP_REASONS);

/**
 * The Anthropic stop reason of a response: Anthropic's own (the raw reason), else the AI SDK's unified
 * reason mapped (`tool-calls` → `tool_use`, `length` → `max_tokens`, `content-filter` → `refusal`).
 */
export function stopReasonOf(
  reason: LanguageModelV3FinishReason | undefined,
  hasToolUse: boolean,
): BetaStopReason {
  if (reason?.raw && STOP_REASONS.has(reason.raw)) return reason.raw as BetaStopReason;
  switch (reason?.unified) {
    case "tool-calls":
      return "tool_use";
    case "length":
      return "max_tokens";
    case "content-filter":
      return "refusal";
    default:
      // Some local servers finish with "stop" after a tool call; the tool call is what counts.
      return hasToolUse ? "tool_use" : "end_turn";
  }
}

/** Token counts in Anthropic's sense from AI SDK usage (whose input total includes cache reads and writes). */
export function tokensOf(usage: LanguageModelV3Usage): TokenCounts & { reasoning: number } {
  const cacheRead = usage.inputTokens.cacheRead ?? 0;
  const cacheWrite = usage.inputTokens.cacheWrite ?? 0;
  const input =
    usage.inputTokens.noCache ?? Math.max(0, (usage.inputTokens.total ?? 0) - cacheRead - cacheWrite);
  return {
    input,
    output: usage.outputTokens.total ?? 0,
    cacheRead,
    cacheWrite,
    reasoning: usage.outputTokens.reasoning ?? 0,
  };
}
