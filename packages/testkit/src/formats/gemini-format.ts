import type { ScriptedUsage } from "../script-schema.ts";
import { anthropicErrorTypeFor, defaultErrorMessage } from "./error-catalog.ts";
import { contentBlocksOf, ordinalLabel, stopReasonOf, usageOf } from "./reply-facts.ts";
import type { ErrorFacts, Frame, RenderedResponse, WireFormat } from "./wire-format.ts";

/**
 * The Gemini API (`POST /v1beta/models/{model}:streamGenerateContent?alt=sse` and `:generateContent`), which
 * Gemini CLI speaks: SSE `data: {candidates: [{content: {role: "model", parts}}]}` per step (text, `thought:
 * true` text for thinking, a whole `functionCall`), then a chunk with `finishReason` and `usageMetadata`.
 */
export const geminiFormat: WireFormat = {
  api: "gemini",

  streamHeaders() {
    return { "content-type": "text/event-stream", "cache-control": "no-cache" };
  },

  streamFrames(reply, context) {
    const frames: Frame[] = [];
    const chunk = (value: unknown): void => {
      frames.push({ type: "bytes", text: `data: ${JSON.stringify(value)}\r\n\r\n` });
    };
    const parts = (content: unknown[]): void => {
      chunk({
        candidates: [{ content: { role: "model", parts: content }, index: 0 }],
        modelVersion: model(),
      });
    };
    const model = (): string => reply.model ?? context.requestedModel;
    let toolIndex = 0;
    for (const step of reply.steps) {
      if (step.type === "text") parts([{ text: step.text }]);
      else if (step.type === "thinking") parts([{ text: step.thinking, thought: true }]);
      else if (step.type === "tool_call") {
        const id = step.id ?? `call_fake_${ordinalLabel(context.ordinal)}_${toolIndex++}`;
        parts([{ functionCall: { id, name: step.name, args: step.input } }]);
      } else if (step.type === "gate") frames.push({ type: "gate", name: step.name });
      else {
        chunk(errorBody({ status: 500, errorType: step.errorType, message: step.message }));
        return frames;
      }
    }
    chunk({
      candidates: [
        { content: { role: "model", parts: [{ text: "" }] }, finishReason: finishReason(reply), index: 0 },
      ],
      usageMetadata: usageMetadata(usageOf(reply)),
      modelVersion: model(),
    });
    return frames;
  },

  jsonResponse(reply, context) {
    const parts = contentBlocksOf(reply, `call_fake_${ordinalLabel(context.ordinal)}`).map((block) => {
      if (block.type === "text") return { text: block.text };
      if (block.type === "thinking") return { text: block.thinking, thought: true };
      return { functionCall: { id: block.id, name: block.name, args: block.input } };
    });
    const body = {
      candidates: [{ content: { role: "model", parts }, finishReason: finishReason(reply), index: 0 }],
      usageMetadata: usageMetadata(usageOf(reply)),
      modelVersion: reply.model ?? context.requestedModel,
    };
    return json(200, body);
  },

  errorResponse(error) {
    return json(error.status, errorBody(error));
  },
};

function finishReason(reply: Parameters<typeof stopReasonOf>[0]): string {
  const reason = stopReasonOf(reply);
  if (reason === "max_tokens") return "MAX_TOKENS";
  if (reason === "refusal") return "SAFETY";
  return "STOP";
}

function usageMetadata(usage: ScriptedUsage) {
  const prompt = usage.input + (usage.cacheRead ?? 0) + (usage.cacheWrite ?? 0);
  return {
    promptTokenCount: prompt,
    candidatesTokenCount: usage.output,
    totalTokenCount: prompt + usage.output + (usage.reasoning ?? 0),
    ...(usage.cacheRead !== undefined && { cachedContentTokenCount: usage.cacheRead }),
    ...(usage.reasoning !== undefined && { thoughtsTokenCount: usage.reasoning }),
  };
}

/** Google's error body: `{error: {code, message, status}}` with the canonical status name. */
function errorBody(error: ErrorFacts) {
  const errorType = error.errorType ?? anthropicErrorTypeFor(error.status);
  const statusNames: Record<number, string> = {
    400: "INVALID_ARGUMENT",
    401: "UNAUTHENTICATED",
    403: "PERMISSION_DENIED",
    404: "NOT_FOUND",
    429: "RESOURCE_EXHAUSTED",
    500: "INTERNAL",
    503: "UNAVAILABLE",
    504: "DEADLINE_EXCEEDED",
  };
  return {
    error: {
      code: error.status,
      message: error.message ?? defaultErrorMessage("anthropic", errorType),
      status: statusNames[error.status] ?? (error.status >= 500 ? "INTERNAL" : "FAILED_PRECONDITION"),
    },
  };
}

function json(status: number, body: unknown): RenderedResponse {
  return { status, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
}
