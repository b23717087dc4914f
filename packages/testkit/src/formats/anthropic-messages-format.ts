import type { ScriptedReply } from "../script-schema.ts";
import { anthropicErrorTypeFor, defaultErrorMessage } from "./error-catalog.ts";
import {
  contentBlocksOf,
  defaultSignature,
  ordinalLabel,
  splitIntoPieces,
  stopReasonOf,
  usageOf,
} from "./reply-facts.ts";
import type { ErrorFacts, Frame, RenderContext, RenderedResponse, WireFormat } from "./wire-format.ts";

/**
 * Anthropic Messages API (`POST /v1/messages`): `message_start` → `ping` → per block `content_block_start` /
 * `content_block_delta`… / `content_block_stop` → `message_delta` → `message_stop`, framed `event: X\ndata: …\n\n`.
 */
export const anthropicMessagesFormat: WireFormat = {
  api: "anthropic",

  streamHeaders(context) {
    return {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      "request-id": requestId(context),
    };
  },

  streamFrames(reply, context) {
    const frames: Frame[] = [];
    const event = (data: { type: string } & Record<string, unknown>): void => {
      frames.push({ type: "bytes", text: `event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n` });
    };
    const usage = usageOf(reply);
    const message = messageEnvelope(reply, context);
    event({
      type: "message_start",
      message: {
        ...message,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: {
          input_tokens: usage.input,
          output_tokens: Math.min(1, usage.output),
          cache_creation_input_tokens: usage.cacheWrite ?? 0,
          cache_read_input_tokens: usage.cacheRead ?? 0,
        },
      },
    });
    event({ type: "ping" });

    let index = -1;
    let open: { kind: "text" | "thinking" | "tool_use"; signature: string } | undefined;
    let toolIndex = 0;
    const start = (kind: "text" | "thinking" | "tool_use", contentBlock: Record<string, unknown>): void => {
      close();
      index++;
      open = { kind, signature: defaultSignature(index) };
      event({ type: "content_block_start", index, content_block: contentBlock });
    };
    const delta = (value: Record<string, unknown>): void =>
      event({ type: "content_block_delta", index, delta: value });
    const close = (): void => {
      if (!open) return;
      if (open.kind === "thinking") delta({ type: "signature_delta", signature: open.signature });
      event({ type: "content_block_stop", index });
      open = undefined;
    };

    for (const step of reply.steps) {
      if (step.type === "text") {
        if (open?.kind !== "text") start("text", { type: "text", text: "" });
        delta({ type: "text_delta", text: step.text });
      } else if (step.type === "thinking") {
        if (open?.kind !== "thinking") start("thinking", { type: "thinking", thinking: "", signature: "" });
        if (open && step.signature) open.signature = step.signature;
        delta({ type: "thinking_delta", thinking: step.thinking });
      } else if (step.type === "tool_call") {
        const id = step.id ?? `${toolIdPrefix(context)}_${toolIndex++}`;
        start("tool_use", { type: "tool_use", id, name: step.name, input: {} });
        // The real API opens every tool input with an empty fragment before the JSON itself.
        delta({ type: "input_json_delta", partial_json: "" });
        for (const piece of splitIntoPieces(JSON.stringify(step.input), step.chunks ?? 3)) {
          delta({ type: "input_json_delta", partial_json: piece });
        }
      } else if (step.type === "gate") {
        frames.push({ type: "gate", name: step.name });
      } else {
        event({ type: "error", error: { type: step.errorType, message: step.message } });
        return frames;
      }
    }
    close();
    event({
      type: "message_delta",
      delta: { stop_reason: stopReasonOf(reply), stop_sequence: null },
      usage: {
        output_tokens: usage.output,
        ...(usage.reasoning !== undefined && { output_tokens_details: { thinking_tokens: usage.reasoning } }),
      },
    });
    event({ type: "message_stop" });
    return frames;
  },

  jsonResponse(reply, context) {
    const usage = usageOf(reply);
    const content = contentBlocksOf(reply, toolIdPrefix(context)).map((block) =>
      block.type === "tool_call"
        ? { type: "tool_use", id: block.id, name: block.name, input: block.input }
        : block,
    );
    const body = {
      ...messageEnvelope(reply, context),
      content,
      stop_reason: stopReasonOf(reply),
      stop_sequence: null,
      usage: {
        input_tokens: usage.input,
        output_tokens: usage.output,
        cache_creation_input_tokens: usage.cacheWrite ?? 0,
        cache_read_input_tokens: usage.cacheRead ?? 0,
      },
    };
    return json(200, { "request-id": requestId(context) }, body);
  },

  errorResponse(error, context) {
    const errorType = error.errorType ?? anthropicErrorTypeFor(error.status);
    const body = {
      type: "error",
      error: { type: errorType, message: error.message ?? defaultErrorMessage("anthropic", errorType) },
      request_id: requestId(context),
    };
    return json(
      error.status,
      { "request-id": requestId(context), ...rateLimitHeaders(error, context.nowMs), ...error.headers },
      body,
    );
  },
};

function messageEnvelope(reply: ScriptedReply, context: RenderContext) {
  return {
    id: `msg_fake_${ordinalLabel(context.ordinal)}`,
    type: "message",
    role: "assistant",
    model: reply.model ?? context.requestedModel,
  };
}

function requestId(context: RenderContext): string {
  return `req_fake_${ordinalLabel(context.ordinal)}`;
}

function toolIdPrefix(context: RenderContext): string {
  return `toolu_fake_${ordinalLabel(context.ordinal)}`;
}

function rateLimitHeaders(error: ErrorFacts, nowMs: number): Record<string, string> {
  const retryAfter = error.retryAfterSeconds ?? (error.status === 429 ? 0 : undefined);
  if (retryAfter === undefined) return {};
  const headers: Record<string, string> = { "retry-after": String(retryAfter) };
  if (error.status !== 429) return headers;
  const reset = new Date(nowMs + retryAfter * 1000).toISOString().replace(/\.\d+Z$/, "Z");
  for (const bucket of ["requests", "tokens", "input-tokens", "output-tokens"]) {
    headers[`anthropic-ratelimit-${bucket}-limit`] = bucket === "requests" ? "50" : "40000";
    headers[`anthropic-ratelimit-${bucket}-remaining`] = bucket === "requests" ? "0" : "40000";
    headers[`anthropic-ratelimit-${bucket}-reset`] = reset;
  }
  return headers;
}

function json(status: number, headers: Record<string, string>, body: unknown): RenderedResponse {
  return { status, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) };
}
