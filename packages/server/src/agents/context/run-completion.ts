import type { ResponsePart, StoredMessage } from "@parley/protocol";
import type { Store } from "../../store/store.ts";

/** How a finished run ended, for callers waiting on it (seed 003's send-and-wait). */
export interface RunCompletion {
  runId: string;
  status: "completed" | "failed" | "cancelled" | "interrupted";
  texts: { text: string; timestampMs: number; id: string }[];
  /**
   * Everything the run answered, in order: its reasoning (`thinking`, from the thinking tokens it streamed),
   * its tool calls and results (`tool`) and its text (`final`).
   */
  parts: ResponsePart[];
  error?: string;
}

/** How a stored run ended, with the assistant texts it produced (its subagents' texts are not its own). */
export function completionOf(store: Store, runId: string): RunCompletion {
  const run = store.runs.get(runId);
  const answers = store.messages.byRun(runId).filter((message) => message.role === "assistant");
  const texts = answers
    .filter((message) => message.rich.kind === "Text")
    .map((message) => ({
      id: message.id,
      text: String((message.rich.data as { text?: unknown }).text ?? ""),
      timestampMs: message.created_at_ms,
    }));

  const status = run?.status === "running" || run === undefined ? "failed" : run.status;
  return {
    runId,
    status,
    texts,
    // Read only by the callers that report parts: it replays the run's token events for its reasoning.
    get parts() {
      return withThinking(
        answers.flatMap((message) => responsePartOf(message) ?? []),
        thinkingOf(store.events.framesOfRun(runId)),
      );
    },
    ...(run?.error && { error: run.error }),
  };
}

/** The kinds of stored message that are a tool call, or a tool's result. */
const TOOL_CALL_KINDS = new Set(["ToolRequest", "MCPToolRequest"]);
const TOOL_RESULT_KINDS = new Set(["ToolResult", "MCPToolResult"]);

/**
 * A stored assistant message as a seed 003 response part: Text is `final`; a tool call or result is `tool`
 * with the call's id as `call_id` (its text: the call's headline, or the result's output); other cards
 * (plans, questions, change reports) are not part of the answer.
 */
export function responsePartOf(message: StoredMessage): ResponsePart | undefined {
  const data = message.rich.data as Record<string, unknown>;
  const base = { timestamp: message.created_at_ms, part_id: message.id };
  if (message.rich.kind === "Text") return { ...base, text: String(data.text ?? ""), part_type: "final" };
  const callId = typeof data.tool_use_id === "string" ? data.tool_use_id : String(data.request_id ?? "");
  if (TOOL_CALL_KINDS.has(message.rich.kind)) {
    const headline = typeof data.headline === "string" ? data.headline : String(data.tool_name ?? "tool");
    return { ...base, text: headline, part_type: "tool", call_id: callId };
  }
  if (TOOL_RESULT_KINDS.has(message.rich.kind)) {
    const output = typeof data.output === "string" ? data.output : JSON.stringify(data.output ?? null);
    return { ...base, text: output, part_type: "tool", call_id: callId };
  }
  return undefined;
}

/**
 * The reasoning a run streamed, one `thinking` part per message it streamed into (`<message id>:thinking`),
 * read from its token events in the log; a `reset` token (a retried model request) starts that part over.
 */
function thinkingOf(frames: readonly string[]): Map<string, ResponsePart> {
  const parts = new Map<string, ResponsePart>();
  for (const raw of frames) {
    let frame: { kind?: unknown; text?: unknown; ts_ms?: unknown; data?: Record<string, unknown> };
    try {
      frame = JSON.parse(raw);
    } catch {
      continue;
    }
    if (frame.kind !== "token") continue;
    const messageId = String(frame.data?.message_id ?? "");
    if (frame.data?.reset === true) parts.delete(messageId);
    if (frame.data?.thinking !== true || typeof frame.text !== "string" || frame.text === "") continue;
    const known = parts.get(messageId);
    const timestamp = typeof frame.ts_ms === "number" ? frame.ts_ms : null;
    parts.set(messageId, {
      text: (known?.text ?? "") + frame.text,
      timestamp: known?.timestamp ?? timestamp,
      part_type: "thinking",
      part_id: `${messageId}:thinking`,
    });
  }
  return parts;
}

/** Puts each thinking part before the text it streamed into, or, when none was stored, where its time falls. */
function withThinking(answers: ResponsePart[], thinking: Map<string, ResponsePart>): ResponsePart[] {
  const parts: ResponsePart[] = [];
  for (const part of answers) {
    const thought = part.part_id ? thinking.get(part.part_id) : undefined;
    if (thought !== undefined && part.part_id) {
      parts.push(thought);
      thinking.delete(part.part_id);
    }
    parts.push(part);
  }
  for (const thought of thinking.values()) {
    const at = parts.findIndex((part) => (part.timestamp ?? 0) > (thought.timestamp ?? 0));
    parts.splice(at === -1 ? parts.length : at, 0, thought);
  }
  return parts;
}
