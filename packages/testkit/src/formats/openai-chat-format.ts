import type { ScriptedReply, ScriptedUsage, StopReason } from "../script-schema.ts";
import { anthropicErrorTypeFor, defaultErrorMessage, openaiErrorFieldsFor } from "./error-catalog.ts";
import { contentBlocksOf, ordinalLabel, splitIntoPieces, stopReasonOf, usageOf } from "./reply-facts.ts";
import type { ErrorFacts, Frame, RenderContext, RenderedResponse, WireFormat } from "./wire-format.ts";

/**
 * OpenAI Chat Completions (`POST /v1/chat/completions`), as OpenAI and OpenAI-compatible servers stream it:
 * `data: {chunk}\n\n` per delta (`content`, `reasoning_content` as vLLM/DeepSeek send thinking, `tool_calls`
 * fragments), a `finish_reason` chunk, an optional usage chunk, then `data: [DONE]`.
 */
export const openaiChatFormat: WireFormat = {
  api: "openai",

  streamHeaders(context) {
    return {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      "x-request-id": requestId(context),
    };
  },

  streamFrames(reply, context) {
    const frames: Frame[] = [];
    const data = (value: unknown): void => {
      frames.push({ type: "bytes", text: `data: ${JSON.stringify(value)}\n\n` });
    };
    const chunk = (delta: Record<string, unknown>, finishReason: string | null = null): void => {
      data({
        ...chunkEnvelope(reply, context),
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
        // With include_usage, OpenAI sends `usage: null` on every chunk but the last.
        ...(context.includeUsage && { usage: null }),
      });
    };

    chunk({ role: "assistant", content: "" });
    let toolIndex = 0;
    for (const step of reply.steps) {
      if (step.type === "text") {
        chunk({ content: step.text });
      } else if (step.type === "thinking") {
        chunk({ reasoning_content: step.thinking });
      } else if (step.type === "tool_call") {
        const index = toolIndex++;
        const id = step.id ?? `${toolIdPrefix(context)}_${index}`;
        chunk({
          tool_calls: [{ index, id, type: "function", function: { name: step.name, arguments: "" } }],
        });
        for (const piece of splitIntoPieces(JSON.stringify(step.input), step.chunks ?? 3)) {
          chunk({ tool_calls: [{ index, function: { arguments: piece } }] });
        }
      } else if (step.type === "gate") {
        frames.push({ type: "gate", name: step.name });
      } else {
        data(errorBody({ status: 500, errorType: step.errorType, message: step.message }));
        return frames;
      }
    }
    chunk({}, finishReasonFor(stopReasonOf(reply)));
    if (context.includeUsage) {
      data({ ...chunkEnvelope(reply, context), choices: [], usage: openaiUsage(usageOf(reply)) });
    }
    frames.push({ type: "bytes", text: "data: [DONE]\n\n" });
    return frames;
  },

  jsonResponse(reply, context) {
    const blocks = contentBlocksOf(reply, toolIdPrefix(context));
    const text = blocks.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("");
    const reasoning = blocks.flatMap((block) => (block.type === "thinking" ? [block.thinking] : [])).join("");
    const toolCalls = blocks.flatMap((block) =>
      block.type === "tool_call"
        ? [
            {
              id: block.id,
              type: "function",
              function: { name: block.name, arguments: JSON.stringify(block.input) },
            },
          ]
        : [],
    );
    const message = {
      role: "assistant",
      content: text.length > 0 ? text : null,
      ...(reasoning.length > 0 && { reasoning_content: reasoning }),
      ...(toolCalls.length > 0 && { tool_calls: toolCalls }),
    };
    const body = {
      id: completionId(context),
      object: "chat.completion",
      created: Math.floor(context.nowMs / 1000),
      model: reply.model ?? context.requestedModel,
      choices: [{ index: 0, message, logprobs: null, finish_reason: finishReasonFor(stopReasonOf(reply)) }],
      usage: openaiUsage(usageOf(reply)),
    };
    return json(200, { "x-request-id": requestId(context) }, body);
  },

  errorResponse(error, context) {
    return json(
      error.status,
      { "x-request-id": requestId(context), ...rateLimitHeaders(error), ...error.headers },
      errorBody(error),
    );
  },
};

/** OpenAI's `finish_reason` for a stop reason named in Anthropic's vocabulary. */
export function finishReasonFor(reason: StopReason): string {
  const reasons: Record<StopReason, string> = {
    end_turn: "stop",
    stop_sequence: "stop",
    pause_turn: "stop",
    tool_use: "tool_calls",
    max_tokens: "length",
    refusal: "content_filter",
  };
  return reasons[reason];
}

function openaiUsage(usage: ScriptedUsage) {
  const promptTokens = usage.input + (usage.cacheRead ?? 0) + (usage.cacheWrite ?? 0);
  return {
    prompt_tokens: promptTokens,
    completion_tokens: usage.output,
    total_tokens: promptTokens + usage.output,
    ...(usage.cacheRead !== undefined && { prompt_tokens_details: { cached_tokens: usage.cacheRead } }),
    ...(usage.reasoning !== undefined && {
      completion_tokens_details: { reasoning_tokens: usage.reasoning },
    }),
  };
}

function errorBody(error: ErrorFacts) {
  const errorType = error.errorType ?? anthropicErrorTypeFor(error.status);
  const { type, code } = openaiErrorFieldsFor(errorType);
  return {
    error: { message: error.message ?? defaultErrorMessage("openai", errorType), type, param: null, code },
  };
}

function rateLimitHeaders(error: ErrorFacts): Record<string, string> {
  const retryAfter = error.retryAfterSeconds ?? (error.status === 429 ? 0 : undefined);
  if (retryAfter === undefined) return {};
  const headers: Record<string, string> = { "retry-after": String(retryAfter) };
  if (error.status !== 429) return headers;
  return {
    ...headers,
    "x-ratelimit-limit-requests": "500",
    "x-ratelimit-remaining-requests": "0",
    "x-ratelimit-reset-requests": `${retryAfter}s`,
    "x-ratelimit-limit-tokens": "30000",
    "x-ratelimit-remaining-tokens": "30000",
    "x-ratelimit-reset-tokens": "0s",
  };
}

function chunkEnvelope(reply: ScriptedReply, context: RenderContext) {
  return {
    id: completionId(context),
    object: "chat.completion.chunk",
    created: Math.floor(context.nowMs / 1000),
    model: reply.model ?? context.requestedModel,
  };
}

function completionId(context: RenderContext): string {
  return `chatcmpl-fake-${ordinalLabel(context.ordinal)}`;
}

function requestId(context: RenderContext): string {
  return `req_fake_${ordinalLabel(context.ordinal)}`;
}

function toolIdPrefix(context: RenderContext): string {
  return `call_fake_${ordinalLabel(context.ordinal)}`;
}

function json(status: number, headers: Record<string, string>, body: unknown): RenderedResponse {
  return { status, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) };
}
