import { anthropicMessagesFormat } from "./formats/anthropic-messages-format.ts";
import { geminiFormat } from "./formats/gemini-format.ts";
import { openaiChatFormat } from "./formats/openai-chat-format.ts";
import { openaiResponsesFormat } from "./formats/openai-responses-format.ts";
import type { ErrorFacts, WireFormat } from "./formats/wire-format.ts";
import type { FakeRoute, RecordedRequest } from "./recorded-request.ts";

/**
 * The wire format a model route speaks; undefined for routes the server answers itself. A new format (e.g. the
 * OpenAI Responses API) is a new route in `recorded-request.ts` plus a `WireFormat` here.
 */
export function formatFor(route: FakeRoute): WireFormat | undefined {
  if (route === "anthropic_messages") return anthropicMessagesFormat;
  if (route === "openai_chat_completions") return openaiChatFormat;
  if (route === "openai_responses") return openaiResponsesFormat;
  if (route === "gemini_generate_content") return geminiFormat;
  return undefined;
}

/** The error answered to a model request that no script or rule covers. */
export function unscriptedError(record: RecordedRequest): ErrorFacts {
  const message =
    `fake model server: no scripted response for request #${record.index} (${record.method} ${record.url}); ` +
    "queue one with server.script(...) or add a rule with server.when(...)";
  // 400 rather than 5xx: clients do not retry it, so the test fails at once and says why.
  return { status: 400, errorType: "invalid_request_error", message };
}
