import type { ScriptedReply } from "../script-schema.ts";

/** A unit of output: bytes to write (one SSE event, or part of a JSON body) or a pause at a named gate. */
export type Frame = { type: "bytes"; text: string } | { type: "gate"; name: string };

/** Per-request facts a renderer needs to produce deterministic ids and timestamps. */
export interface RenderContext {
  /** 1-based position of this request among the server's requests; ids are derived from it. */
  ordinal: number;
  /** The model the request asked for (echoed unless the script names another). */
  requestedModel: string;
  /** The server clock at the request, in epoch milliseconds (OpenAI's `created`, rate-limit resets). */
  nowMs: number;
  /** OpenAI `stream_options.include_usage`: add a usage chunk before `[DONE]`. */
  includeUsage: boolean;
}

/** An HTTP error the server should answer with, already resolved to provider-neutral facts. */
export interface ErrorFacts {
  status: number;
  /** In Anthropic's vocabulary (OpenAI renderers translate it); derived from the status when absent. */
  errorType?: string;
  message?: string;
  retryAfterSeconds?: number;
  headers?: Record<string, string>;
}

/** A complete non-streaming HTTP answer. */
export interface RenderedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One provider's wire format: how a script becomes SSE frames, a JSON body or an error response. */
export interface WireFormat {
  api: "anthropic" | "openai" | "openai_responses" | "gemini";
  streamHeaders(context: RenderContext): Record<string, string>;
  streamFrames(reply: ScriptedReply, context: RenderContext): Frame[];
  jsonResponse(reply: ScriptedReply, context: RenderContext): RenderedResponse;
  errorResponse(error: ErrorFacts, context: RenderContext): RenderedResponse;
}
