import type { IncomingMessage } from "node:http";
import { parseJson } from "@parley/protocol";
import { z } from "zod";

/** Which endpoint a request hit. */
export const FakeRouteSchema = z.enum([
  "anthropic_messages",
  "anthropic_count_tokens",
  "openai_chat_completions",
  "openai_responses",
  "gemini_generate_content",
  "models_list",
  "models_retrieve",
  "unknown",
]);
export type FakeRoute = z.infer<typeof FakeRouteSchema>;

/** How a response stream ended: normally, cut by the script, abandoned by the client, or by `close()`. */
export const ResponseOutcomeSchema = z.enum(["completed", "cut", "client_aborted", "server_closed"]);
export type ResponseOutcome = z.infer<typeof ResponseOutcomeSchema>;

/** What answered a request: a queued script, a matching rule, nothing (an error), or the server itself. */
export const AnsweredBySchema = z.enum(["queue", "rule", "unscripted", "server"]);
export type AnsweredBy = z.infer<typeof AnsweredBySchema>;

/**
 * One HTTP request the fake server received, as tests assert on it: `body` is the parsed JSON (null when
 * absent or not JSON). `status`, `answeredBy` and `outcome` are filled in as the response proceeds.
 */
export const RecordedRequestSchema = z.looseObject({
  index: z.number().int().nonnegative(),
  method: z.string(),
  /** Path and query as sent, e.g. `/v1/messages?beta=true`. */
  url: z.string(),
  /** Path without the query. */
  path: z.string(),
  query: z.record(z.string(), z.string()),
  headers: z.record(z.string(), z.string()),
  body: z.unknown(),
  rawBody: z.string(),
  route: FakeRouteSchema,
  answeredBy: AnsweredBySchema.optional(),
  status: z.number().int().optional(),
  outcome: ResponseOutcomeSchema.optional(),
});
export type RecordedRequest = z.infer<typeof RecordedRequestSchema>;

/** Builds the record of a request whose body has been read; `index` is its position in the server's list. */
export function recordRequest(
  request: IncomingMessage,
  url: URL,
  rawBody: string,
  index: number,
): RecordedRequest {
  const method = request.method ?? "GET";
  const parsed = rawBody.length > 0 ? parseJson(rawBody) : undefined;
  return {
    index,
    method,
    url: request.url ?? "/",
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: flattenHeaders(request.headers),
    body: parsed?.success ? parsed.value : null,
    rawBody,
    route: routeOf(method, url.pathname),
  };
}

/** Reads a request body to the end as UTF-8 text. */
export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function flattenHeaders(headers: IncomingMessage["headers"]): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return flat;
}

function routeOf(method: string, path: string): FakeRoute {
  if (method === "POST" && path === "/v1/messages") return "anthropic_messages";
  if (method === "POST" && path === "/v1/messages/count_tokens") return "anthropic_count_tokens";
  if (method === "POST" && path === "/v1/chat/completions") return "openai_chat_completions";
  if (method === "POST" && path === "/v1/responses") return "openai_responses";
  if (method === "POST" && /^\/v1(beta)?\/models\/[^/:]+:(stream)?[gG]enerateContent$/.test(path)) {
    return "gemini_generate_content";
  }
  if (method === "GET" && path === "/v1/models") return "models_list";
  if (method === "GET" && path.startsWith("/v1/models/")) return "models_retrieve";
  return "unknown";
}
