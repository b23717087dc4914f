import type { HistoryMessage, SessionInfo } from "@parley/protocol";
import { asRecord, asRecords, asString, epochFromIso, type JsonRecord, parseJsonLine } from "../json-line.ts";
import { sessionSummary } from "../session-summary.ts";

/**
 * The history in a Gemini CLI chat file (`~/.gemini/tmp/<project>/chats/session-….jsonl`), an append log: a
 * header with the session id, message lines `{id, timestamp, type: "user" | "gemini", content, toolCalls?}`
 * (a later line with the same id replaces the message), and `$set` patches (`$set.messages` replaces them
 * all, as a resumed session does). Gemini's injected context and the function responses it sends back as
 * user turns are left out.
 */
export function parseGeminiChat(text: string): { sessionId: string | null; messages: HistoryMessage[] } {
  let sessionId: string | null = null;
  let messages = new Map<string, JsonRecord>();
  for (const line of text.split("\n")) {
    const entry = parseJsonLine(line);
    if (!entry) continue;
    const patch = asRecord(entry.$set);
    if (typeof entry.sessionId === "string" && entry.type === undefined) sessionId = entry.sessionId;
    if (typeof patch?.sessionId === "string") sessionId = patch.sessionId;
    if (Array.isArray(patch?.messages)) {
      messages = new Map(asRecords(patch.messages).map((message, index) => [keyOf(message, index), message]));
    } else if (entry.type === "user" || entry.type === "gemini") {
      messages.set(keyOf(entry, messages.size), entry);
    }
  }
  const seen = new Set<string>();
  return { sessionId, messages: [...messages.values()].flatMap((message) => historyOf(message, seen)) };
}

function keyOf(message: JsonRecord, index: number): string {
  return asString(message.id) ?? `#${index}`;
}

/**
 * One chat message as history. Tool calls appear either as `toolCalls` (live sessions) or as Gemini API
 * `functionCall` / `functionResponse` parts (a resumed session's snapshot), sometimes twice; each call and
 * each result is reported once, keyed in `seen`.
 */
function historyOf(message: JsonRecord, seen: Set<string>): HistoryMessage[] {
  const id = asString(message.id) ?? null;
  const base = { message_id: id, timestamp: epochFromIso(message.timestamp) ?? null, part_id: id };
  const result: HistoryMessage[] = [];
  const tool = (kind: "tool_use" | "tool", callId: string | null, content: string | undefined): void => {
    const key = `${kind}:${callId}`;
    if (content === undefined || seen.has(key)) return;
    seen.add(key);
    result.push({ ...base, role: "assistant", content_type: kind, content, call_id: callId });
  };
  const parts = asRecords(message.content);
  for (const part of parts) {
    const call = asRecord(part.functionCall);
    if (call)
      tool(
        "tool_use",
        asString(call.id) ?? null,
        JSON.stringify({ name: call.name, input: call.args ?? null }),
      );
    const response = asRecord(part.functionResponse);
    if (response) tool("tool", asString(response.id) ?? null, responseOutput(response));
  }
  for (const call of asRecords(message.toolCalls)) {
    const callId = asString(call.id) ?? null;
    tool("tool_use", callId, JSON.stringify({ name: call.name, input: call.args ?? null }));
    tool("tool", callId, toolOutput(call));
  }
  const content = contentText(message.content);
  if (message.type === "user") {
    if (content !== "" && !content.startsWith("<session_context>")) {
      result.push({ ...base, role: "user", content_type: "text", content });
    }
  } else if (content !== "" || result.length === 0) {
    result.push({ ...base, role: "assistant", content_type: "text", content });
  }
  return result;
}

function responseOutput(functionResponse: JsonRecord): string | undefined {
  const response = asRecord(functionResponse.response);
  return (
    asString(response?.output) ??
    asString(response?.error) ??
    (response ? JSON.stringify(response) : undefined)
  );
}

/** What a tool returned: the function response's output (or error), else its display text. */
function toolOutput(call: JsonRecord): string | undefined {
  const functionResponse = asRecord(asRecords(call.result)[0]?.functionResponse);
  const output = functionResponse ? responseOutput(functionResponse) : undefined;
  if (output !== undefined) return output;
  if (typeof call.resultDisplay === "string" && call.resultDisplay !== "") return call.resultDisplay;
  return call.result === undefined ? undefined : JSON.stringify(call.result);
}

/** A chat file's entry in a session list: its first prompt as the title, its last update as `updated`. */
export function geminiSessionInfo(text: string, fallbackUpdated: string): SessionInfo | null {
  const { sessionId, messages } = parseGeminiChat(text);
  if (sessionId === null) return null;
  let updated: number | undefined;
  for (const line of text.split("\n")) {
    const entry = parseJsonLine(line);
    updated =
      epochFromIso(entry?.lastUpdated ?? asRecord(entry?.$set)?.lastUpdated ?? entry?.timestamp) ?? updated;
  }
  const title = messages.find((message) => message.role === "user")?.content ?? "";
  return sessionSummary(sessionId, title, updated, fallbackUpdated);
}

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  return asRecords(content)
    .flatMap((part) => (typeof part.text === "string" ? [part.text] : []))
    .join("\n");
}
