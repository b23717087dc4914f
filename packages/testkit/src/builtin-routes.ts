import { anthropicMessagesFormat } from "./formats/anthropic-messages-format.ts";
import { openaiChatFormat } from "./formats/openai-chat-format.ts";
import type { RenderContext, RenderedResponse } from "./formats/wire-format.ts";
import type { RecordedRequest } from "./recorded-request.ts";

/**
 * Answers the requests no script is needed for: `count_tokens`, the model list in Anthropic or OpenAI style
 * (chosen by the `anthropic-version` header), and 404 for anything else (`HEAD /` pre-connects included).
 */
export function builtinResponse(record: RecordedRequest, models: readonly string[]): RenderedResponse {
  const anthropicStyle = record.headers["anthropic-version"] !== undefined;
  const context: RenderContext = {
    ordinal: record.index + 1,
    requestedModel: "",
    nowMs: 0,
    includeUsage: false,
  };
  const notFound = (message: string): RenderedResponse => {
    const format = anthropicStyle ? anthropicMessagesFormat : openaiChatFormat;
    return format.errorResponse({ status: 404, errorType: "not_found_error", message }, context);
  };
  switch (record.route) {
    case "anthropic_count_tokens":
      return json({ input_tokens: estimateInputTokens(record.body) });
    case "models_list":
      return json(anthropicStyle ? anthropicModelList(models) : openaiModelList(models));
    case "models_retrieve": {
      const id = decodeURIComponent(record.path.slice("/v1/models/".length));
      if (!models.includes(id)) return notFound(`model: ${id}`);
      return json(anthropicStyle ? anthropicModel(id) : openaiModel(id));
    }
    default:
      return notFound(`fake model server: no route for ${record.method} ${record.path}`);
  }
}

/** A rough token count (4 characters per token) of what a Messages request would send as input. */
export function estimateInputTokens(body: unknown): number {
  const { system, messages, tools } = (typeof body === "object" && body !== null ? body : {}) as Record<
    string,
    unknown
  >;
  return Math.max(1, Math.ceil(JSON.stringify({ system, messages, tools }).length / 4));
}

function anthropicModelList(models: readonly string[]) {
  return {
    data: models.map(anthropicModel),
    has_more: false,
    first_id: models[0] ?? null,
    last_id: models.at(-1) ?? null,
  };
}

function anthropicModel(id: string) {
  return { type: "model", id, display_name: id, created_at: "2025-01-01T00:00:00Z" };
}

function openaiModelList(models: readonly string[]) {
  return { object: "list", data: models.map(openaiModel) };
}

function openaiModel(id: string) {
  return { id, object: "model", created: 0, owned_by: "parley-testkit" };
}

function json(body: unknown): RenderedResponse {
  return { status: 200, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
}
