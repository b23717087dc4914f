import type {
  BetaContentBlock,
  MessageParam,
  SDKAPIRetryMessage,
  SDKStatusMessage,
  Uuid,
} from "@parley/protocol";
import { modelRef } from "../config/model-config.ts";
import {
  classifyModelError,
  type ModelCallFailure,
  ModelStreamError,
} from "../providers/model-call-failure.ts";
import type { EngineMessage, SDKModelFallbackMessage } from "./engine-message.ts";
import { reasoningProviderOptions } from "./reasoning.ts";
import { type AssembledResponse, ResponseAssembler } from "./response-assembler.ts";
import { retryDelayMs } from "./retry-policy.ts";
import { ModelPartStream } from "./stream-model-parts.ts";
import { toProviderPrompt } from "./to-provider-prompt.ts";
import type { TurnContext } from "./turn-context.ts";

/** How one model request ended, after its retries and any fallback. */
export type ModelRequestOutcome =
  | { kind: "response"; response: AssembledResponse }
  /** Interrupted; `blocks` are the blocks already emitted as assistant messages. */
  | { kind: "aborted"; blocks: BetaContentBlock[] }
  | { kind: "failed"; failure: ModelCallFailure };

/**
 * Sends the conversation to the turn's model and yields what the response produces. Rate limits,
 * overload, server and network errors and stalls are retried with backoff (each announced by
 * `system/api_retry`); when the retries run out and a fallback model is set, the request moves to it
 * (announced by `system/model_fallback`).
 *
 * A stream that breaks after some blocks were emitted is retried too. The retried response's first
 * assistant message lists the abandoned messages in `supersedes`, and its partials start with a new
 * `message_start`, so consumers drop the partial message rather than show text twice.
 */
export async function* requestModel(
  turn: TurnContext,
  conversation: MessageParam[],
): AsyncGenerator<EngineMessage, ModelRequestOutcome> {
  let retries = 0;
  let supersedes: Uuid[] = [];
  for (;;) {
    if (turn.signal.aborted) return { kind: "aborted", blocks: [] };
    if (turn.includePartialMessages) yield requestingStatus(turn);
    const assembler = new ResponseAssembler({
      sessionId: turn.sessionId,
      ids: turn.ids,
      clock: turn.clock,
      model: turn.model.model,
      includePartialMessages: turn.includePartialMessages,
      supersedes,
    });
    const started = turn.clock.now();
    let failure: ModelCallFailure;
    try {
      const providerOptions = reasoningProviderOptions(turn.model.kind, turn.reasoning);
      const parts = new ModelPartStream(
        turn.createModel(turn.model),
        {
          prompt: toProviderPrompt(turn.systemPrompt, conversation),
          ...(turn.providerTools.length > 0 && { tools: turn.providerTools, toolChoice: { type: "auto" } }),
          ...(turn.maxOutputTokens !== undefined && { maxOutputTokens: turn.maxOutputTokens }),
          ...(providerOptions !== undefined && { providerOptions }),
        },
        { signal: turn.signal, stallTimeoutMs: turn.stallTimeoutMs, clock: turn.clock },
      );
      try {
        // Each part's messages are yielded one by one: `yield*` of an array would wrap it in an async
        // iterator, more promise jobs per streamed token.
        for (let part = await parts.next(); part !== undefined; part = await parts.next()) {
          for (const message of assembler.accept(part)) yield message;
        }
      } finally {
        parts.close();
      }
      const response = assembler.result();
      if (!response)
        throw new ModelStreamError({ type: "api_error", message: "The model stream ended early" });
      turn.usage.add(turn.model, response.tokens);
      return { kind: "response", response };
    } catch (error) {
      if (turn.signal.aborted) return { kind: "aborted", blocks: assembler.completedBlocks };
      failure = classifyModelError(error);
    } finally {
      turn.apiMs += turn.clock.now() - started;
    }

    if (assembler.emittedUuids.length > 0) supersedes = [...assembler.emittedUuids];
    if (failure.retryable && retries < turn.retry.maxRetries) {
      retries += 1;
      const delay = retryDelayMs(turn.retry, retries, failure.retryAfterMs, turn.random);
      yield apiRetryMessage(turn, failure, retries, delay);
      try {
        await turn.sleep(delay, turn.signal);
      } catch {
        return { kind: "aborted", blocks: [] };
      }
      continue;
    }
    if (failure.retryable && turn.fallbackModel && !turn.usingFallback) {
      yield fallbackMessage(turn, failure, retries);
      turn.model = turn.fallbackModel;
      turn.usingFallback = true;
      retries = 0;
      continue;
    }
    return { kind: "failed", failure };
  }
}

function requestingStatus(turn: TurnContext): SDKStatusMessage {
  return {
    type: "system",
    subtype: "status",
    status: "requesting",
    uuid: turn.ids.uuid(),
    session_id: turn.sessionId,
  };
}

function apiRetryMessage(
  turn: TurnContext,
  failure: ModelCallFailure,
  attempt: number,
  delay: number,
): SDKAPIRetryMessage {
  return {
    type: "system",
    subtype: "api_retry",
    attempt,
    max_retries: turn.retry.maxRetries,
    retry_delay_ms: delay,
    error_status: failure.status,
    error: failure.category,
    ...(failure.stalledMs !== undefined && {
      no_response: { waited_ms: failure.stalledMs, retry_wait_ms: delay },
    }),
    // Parley extension: what went wrong, in words, for people watching the retries.
    error_message: failure.message,
    uuid: turn.ids.uuid(),
    session_id: turn.sessionId,
  };
}

function fallbackMessage(
  turn: TurnContext,
  failure: ModelCallFailure,
  retries: number,
): SDKModelFallbackMessage {
  const fallback = turn.fallbackModel as NonNullable<TurnContext["fallbackModel"]>;
  const status = failure.status === null ? "" : `${failure.status} `;
  return {
    type: "system",
    subtype: "model_fallback",
    preferred: modelRef(turn.model),
    actual: modelRef(fallback),
    reason: `${status}${failure.message} (still failing after ${retries} retries)`,
    uuid: turn.ids.uuid(),
    session_id: turn.sessionId,
  };
}
