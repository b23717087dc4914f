import type { HistoryMessage, SessionInfo } from "@parley/protocol";
import { asRecord, asRecords, asString, epochFromIso, parseJsonLine } from "../json-line.ts";
import { sessionSummary } from "../session-summary.ts";
import { toolResultText } from "./claude-stream-parser.ts";

/**
 * The history in a Claude Code transcript (`~/.claude/projects/<project>/<session>.jsonl`): the user's
 * prompts, the assistant's text and tool calls, and tool results; side chains, meta lines and thinking are
 * left out.
 */
export function parseClaudeTranscript(text: string): HistoryMessage[] {
  return text.split("\n").flatMap((line): HistoryMessage[] => {
    const entry = parseJsonLine(line);
    if (!entry || entry.isSidechain === true || entry.isMeta === true) return [];
    if (entry.type !== "user" && entry.type !== "assistant") return [];
    const messageId = asString(entry.uuid) ?? null;
    const timestamp = epochFromIso(entry.timestamp) ?? null;
    return claudeMessageHistory(entry.type, asRecord(entry.message)?.content, messageId, timestamp);
  });
}

/**
 * One Anthropic-format message (a transcript entry's, or `parley run`'s stored history's) as history
 * messages: its text, tool calls and tool results (a user message's tool result is the assistant's side of
 * the chat); thinking is left out. `messageId` names its parts (`<id>:<index>`).
 */
export function claudeMessageHistory(
  role: "user" | "assistant",
  content: unknown,
  messageId: string | null,
  timestamp: number | null,
): HistoryMessage[] {
  const base = { message_id: messageId, timestamp };
  if (typeof content === "string") {
    return [{ ...base, role, content_type: "text", content, part_id: messageId }];
  }
  return asRecords(content).flatMap((block, index): HistoryMessage[] => {
    const partId = messageId === null ? null : `${messageId}:${index}`;
    if (block.type === "text") {
      return [{ ...base, role, content_type: "text", content: asString(block.text) ?? "", part_id: partId }];
    }
    if (block.type === "tool_use") {
      const content = JSON.stringify({ name: block.name, input: block.input });
      const callId = asString(block.id) ?? null;
      return [
        { ...base, role: "assistant", content_type: "tool_use", content, part_id: partId, call_id: callId },
      ];
    }
    if (block.type === "tool_result") {
      const callId = asString(block.tool_use_id) ?? null;
      const content = toolResultText(block.content);
      return [
        { ...base, role: "assistant", content_type: "tool", content, part_id: partId, call_id: callId },
      ];
    }
    return [];
  });
}

/** A transcript's entry in a session list: its first prompt as the title, its last entry's time as `updated`. */
export function claudeSessionInfo(sessionId: string, text: string, fallbackUpdated: string): SessionInfo {
  let title = "";
  let updated: number | undefined;
  for (const line of text.split("\n")) {
    const entry = parseJsonLine(line);
    if (!entry) continue;
    updated = epochFromIso(entry.timestamp) ?? updated;
    if (entry.type === "summary" && typeof entry.summary === "string") title = entry.summary;
    if (title === "" && entry.type === "user" && entry.isMeta !== true) {
      const content = asRecord(entry.message)?.content;
      if (typeof content === "string") title = content;
    }
  }
  return sessionSummary(sessionId, title, updated, fallbackUpdated);
}
