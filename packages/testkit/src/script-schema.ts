import { z } from "zod";

/**
 * Why a scripted model turn ends, in Anthropic's vocabulary; the OpenAI renderer maps it to a
 * `finish_reason` (`tool_use` → `tool_calls`, `max_tokens` → `length`, `refusal` → `content_filter`).
 */
export const StopReasonSchema = z.enum([
  "end_turn",
  "tool_use",
  "max_tokens",
  "stop_sequence",
  "refusal",
  "pause_turn",
]);
export type StopReason = z.infer<typeof StopReasonSchema>;

/** Token counts a scripted reply reports. `input` excludes cached tokens, as Anthropic counts them. */
export const ScriptedUsageSchema = z.looseObject({
  input: z.number().int().nonnegative(),
  output: z.number().int().nonnegative(),
  cacheRead: z.number().int().nonnegative().optional(),
  cacheWrite: z.number().int().nonnegative().optional(),
  reasoning: z.number().int().nonnegative().optional(),
});
export type ScriptedUsage = z.infer<typeof ScriptedUsageSchema>;

/** One delta of visible text; consecutive text steps form one content block. */
export const TextStepSchema = z.looseObject({ type: z.literal("text"), text: z.string() });
export type TextStep = z.infer<typeof TextStepSchema>;

/** One delta of reasoning; consecutive thinking steps form one thinking block, signed once at its end. */
export const ThinkingStepSchema = z.looseObject({
  type: z.literal("thinking"),
  thinking: z.string(),
  signature: z.string().optional(),
});
export type ThinkingStep = z.infer<typeof ThinkingStepSchema>;

/** A tool call; its JSON input is streamed in `chunks` argument fragments (default 3). */
export const ToolCallStepSchema = z.looseObject({
  type: z.literal("tool_call"),
  name: z.string(),
  input: z.record(z.string(), z.unknown()),
  id: z.string().optional(),
  chunks: z.number().int().positive().optional(),
});
export type ToolCallStep = z.infer<typeof ToolCallStepSchema>;

/** A pause: nothing more is written until the test releases the gate (or the client goes away). */
export const GateStepSchema = z.looseObject({ type: z.literal("gate"), name: z.string() });
export type GateStep = z.infer<typeof GateStepSchema>;

/**
 * An error reported inside an already-started stream (Anthropic `event: error`, OpenAI `data: {"error":…}`);
 * the stream ends right after it. `errorType` uses Anthropic's names (`overloaded_error`, `api_error`, …).
 */
export const StreamErrorStepSchema = z.looseObject({
  type: z.literal("stream_error"),
  errorType: z.string(),
  message: z.string(),
});
export type StreamErrorStep = z.infer<typeof StreamErrorStepSchema>;

/** Everything a scripted reply can do, in the order it happens on the wire. */
export const ScriptStepSchema = z.discriminatedUnion("type", [
  TextStepSchema,
  ThinkingStepSchema,
  ToolCallStepSchema,
  GateStepSchema,
  StreamErrorStepSchema,
]);
export type ScriptStep = z.infer<typeof ScriptStepSchema>;

/** A successful (HTTP 200) model turn, rendered as SSE or JSON in whichever wire format was requested. */
export const ScriptedReplySchema = z.looseObject({
  kind: z.literal("reply"),
  steps: z.array(ScriptStepSchema),
  usage: ScriptedUsageSchema.optional(),
  stopReason: StopReasonSchema.optional(),
  model: z.string().optional(),
  /** Destroy the socket after this many frames (SSE events, or body halves for JSON): a stream cut mid-way. */
  cutAfter: z.number().int().nonnegative().optional(),
});
export type ScriptedReply = z.infer<typeof ScriptedReplySchema>;

/** An HTTP error answered instead of a model turn, with a body in the requested provider's error format. */
export const ScriptedHttpErrorSchema = z.looseObject({
  kind: z.literal("http_error"),
  status: z.number().int().min(400).max(599),
  errorType: z.string().optional(),
  message: z.string().optional(),
  retryAfterSeconds: z.number().nonnegative().optional(),
  headers: z.record(z.string(), z.string()).optional(),
});
export type ScriptedHttpError = z.infer<typeof ScriptedHttpErrorSchema>;

/** One scripted answer to one model request. Plain JSON, so it travels over the control endpoint too. */
export const ScriptedResponseSchema = z.discriminatedUnion("kind", [
  ScriptedReplySchema,
  ScriptedHttpErrorSchema,
]);
export type ScriptedResponse = z.infer<typeof ScriptedResponseSchema>;

/** Which requests a rule answers; every given field must match. */
export const RequestMatcherSchema = z.looseObject({
  /** Substring of the text of the last `role: "user"` message. */
  lastUserTextIncludes: z.string().optional(),
  /** Substring anywhere in the raw request body (system prompt, tool results, …). */
  bodyIncludes: z.string().optional(),
  /** Which wire format the request used: Anthropic Messages, OpenAI Chat Completions or Responses, Gemini. */
  api: z.enum(["anthropic", "openai", "openai_responses", "gemini"]).optional(),
  model: z.string().optional(),
  stream: z.boolean().optional(),
});
export type RequestMatcher = z.infer<typeof RequestMatcherSchema>;

/** A standing answer for matching requests, used before the queue; `times` limits how often it fires. */
export const ScriptRuleSchema = z.looseObject({
  when: RequestMatcherSchema,
  respond: ScriptedResponseSchema,
  times: z.number().int().positive().optional(),
});
export type ScriptRule = z.infer<typeof ScriptRuleSchema>;
