import type { RequestMatcher, ScriptedResponse, ScriptRule } from "./script-schema.ts";

/** The parts of a model request that rules match on. */
export interface MatchableRequest {
  api: "anthropic" | "openai" | "openai_responses" | "gemini";
  body: unknown;
  rawBody: string;
}

/** A scripted response together with what supplied it. */
export interface TakenResponse {
  response: ScriptedResponse;
  source: "rule" | "queue";
}

/**
 * The scripts waiting for model requests: standing rules (matched first, in the order added) and a queue
 * consumed one response per request.
 */
export class ScriptBook {
  private readonly queue: ScriptedResponse[] = [];
  private rules: Array<{ rule: ScriptRule; used: number }> = [];

  /** Queued responses not yet consumed. */
  get pending(): number {
    return this.queue.length;
  }

  /** Appends responses to the queue. */
  enqueue(responses: readonly ScriptedResponse[]): void {
    this.queue.push(...responses);
  }

  /** Adds a standing rule. */
  addRule(rule: ScriptRule): void {
    this.rules.push({ rule, used: 0 });
  }

  /** Picks the response for a request: the first matching rule with uses left, else the queue head. */
  take(request: MatchableRequest): TakenResponse | undefined {
    const entry = this.rules.find(({ rule }) => matches(rule.when, request));
    if (entry) {
      entry.used++;
      if (entry.rule.times !== undefined && entry.used >= entry.rule.times) {
        this.rules = this.rules.filter((candidate) => candidate !== entry);
      }
      return { response: entry.rule.respond, source: "rule" };
    }
    const response = this.queue.shift();
    return response && { response, source: "queue" };
  }

  /** Drops every queued response and rule. */
  clear(): void {
    this.queue.length = 0;
    this.rules = [];
  }
}

/** Whether a request satisfies every field a matcher sets. */
export function matches(matcher: RequestMatcher, request: MatchableRequest): boolean {
  const body = isRecord(request.body) ? request.body : {};
  if (matcher.api !== undefined && matcher.api !== request.api) return false;
  if (matcher.model !== undefined && body.model !== matcher.model) return false;
  if (matcher.stream !== undefined && (body.stream === true) !== matcher.stream) return false;
  if (matcher.bodyIncludes !== undefined && !request.rawBody.includes(matcher.bodyIncludes)) return false;
  if (
    matcher.lastUserTextIncludes !== undefined &&
    !lastUserText(body).includes(matcher.lastUserTextIncludes)
  ) {
    return false;
  }
  return true;
}

/**
 * The text of the last user message in a request body: `messages` (Anthropic, OpenAI Chat), `input` (OpenAI
 * Responses) or `contents` (Gemini). A string content as is, or the text parts of a content array joined by
 * newlines.
 */
export function lastUserText(body: unknown): string {
  const record = isRecord(body) ? body : {};
  const messages = [record.messages, record.input, record.contents].find(Array.isArray) ?? [];
  const last = messages.findLast((message) => isRecord(message) && message.role === "user");
  return isRecord(last) ? textOf(last.content ?? last.parts) : "";
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .flatMap((part) =>
      isRecord(part) &&
      (part.type === undefined || part.type === "text" || part.type === "input_text") &&
      typeof part.text === "string"
        ? [part.text]
        : [],
    )
    .join("\n");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
