import type { HistoryMessage, SessionInfo } from "@parley/protocol";
import { asRecord, asRecords, asString, epochFromIso, type JsonRecord, parseJsonLine } from "../json-line.ts";
import { sessionSummary } from "../session-summary.ts";

/**
 * The history in a Gemini CLI chat file (`~/.gemini/tmp/<project>/chats/session-….jsonl`, an append log: a
 * header with the session id, message lines `{id, timestamp, type: "user" | "gemini", content, toolCalls?}`,
 * and `$set` patches). The context block Gemini injects as the first user message is left out.
 */
export function parseGeminiChat(text: string): { sessionId: string | null; messages: HistoryMessage[] } {
  let sessionId: string | null = null;
  const messages: HistoryMessage[] = [];
  for (const line of text.split("\n")) {
    const entry = parseJsonLine(line);
    if (!entry) continue;
    if (typeof entry.sessionId === "string" && entry.type === undefined) sessionId = entry.sessionId;
    for (const message of [entry, ...asRecords(asRecord(entry.$set)?.messages)]) {
      messages.push(...historyOf(message));
    }
  }
  return { sessionId, messages };
}

function historyOf(message: JsonRecord): HistoryMessage[] {
  if (message.type !== "user" && message.type !== "gemini") return [];
  const id = asString(message.id) ?? null;
  const base = { message_id: id, timestamp: epochFromIso(message.timestamp) ?? null, part_id: id };
  const content = contentText(message.content);
  if (message.type === "user") {
    return content.startsWith("<session_context>")
      ? []
      : [{ ...base, role: "user", content_type: "text", content }];
  }
  const result: HistoryMessage[] = [];
  for (const call of asRecords(message.toolCalls)) {
    const callId = asString(call.id) ?? null;
    const input = JSON.stringify({ name: call.name, input: call.args ?? null });
    result.push({ ...base, role: "assistant", content_type: "tool_use", content: input, call_id: callId });
    if (call.result !== undefined) {
      const output =
        typeof call.resultDisplay === "string" ? call.resultDisplay : JSON.stringify(call.result);
      result.push({ ...base, role: "assistant", content_type: "tool", content: output, call_id: callId });
    }
  }
  if (content !== "" || result.length === 0) {
    result.push({ ...base, role: "assistant", content_type: "text", content });
  }
  return result;
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
