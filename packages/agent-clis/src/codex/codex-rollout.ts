import type { HistoryMessage, SessionInfo } from "@parley/protocol";
import { asRecord, asRecords, asString, epochFromIso, parseJsonLine } from "../json-line.ts";
import { sessionSummary } from "../session-summary.ts";

/** Codex's own context blocks that arrive as user messages but were not typed by the user. */
const CONTEXT_PREFIXES = ["<environment_context>", "<user_instructions>", "<permissions", "# AGENTS.md"];

/**
 * The history in a Codex rollout file (`$CODEX_HOME/sessions/YYYY/MM/DD/rollout-…-<id>.jsonl`): user and
 * assistant messages as text, `function_call` as `tool_use`, `function_call_output` as `tool`; developer
 * messages, injected context and reasoning are left out.
 */
export function parseCodexRollout(text: string): HistoryMessage[] {
  return text.split("\n").flatMap((line): HistoryMessage[] => {
    const entry = parseJsonLine(line);
    const payload = asRecord(entry?.payload);
    if (entry?.type !== "response_item" || !payload) return [];
    const timestamp = epochFromIso(entry.timestamp) ?? null;
    const id = asString(payload.id) ?? null;
    const base = { message_id: id, timestamp, part_id: id };
    if (payload.type === "message" && (payload.role === "user" || payload.role === "assistant")) {
      const content = messageText(payload.content);
      if (payload.role === "user" && isInjectedContext(content)) return [];
      return [{ ...base, role: payload.role, content_type: "text", content }];
    }
    const callId = asString(payload.call_id) ?? null;
    if (payload.type === "function_call" || payload.type === "custom_tool_call") {
      const input = asString(payload.arguments) ?? asString(payload.input) ?? "";
      const content = JSON.stringify({ name: payload.name, input: parseMaybeJson(input) });
      return [{ ...base, role: "assistant", content_type: "tool_use", content, call_id: callId }];
    }
    if (payload.type === "function_call_output" || payload.type === "custom_tool_call_output") {
      const output = typeof payload.output === "string" ? payload.output : JSON.stringify(payload.output);
      return [{ ...base, role: "assistant", content_type: "tool", content: output, call_id: callId }];
    }
    return [];
  });
}

/**
 * The model of a rollout's last turn: each turn records its `turn_context`, whose `model` is the one Codex
 * answered with (its `exec --json` output names none). Null when no turn recorded one.
 */
export function rolloutModel(text: string): string | null {
  let model: string | null = null;
  for (const line of text.split("\n")) {
    // Only turn contexts are parsed: a rollout is mostly long tool outputs and messages.
    if (!line.includes('"turn_context"')) continue;
    const entry = parseJsonLine(line);
    if (entry?.type === "turn_context") model = asString(asRecord(entry.payload)?.model) ?? model;
  }
  return model;
}

/** A rollout's entry in a session list, and the directory it ran in (from `session_meta`). */
export function codexSessionInfo(
  text: string,
  fallbackUpdated: string,
): { info: SessionInfo; cwd: string | null } {
  let sessionId = "";
  let cwd: string | null = null;
  let title = "";
  let updated: number | undefined;
  for (const line of text.split("\n")) {
    const entry = parseJsonLine(line);
    if (!entry) continue;
    updated = epochFromIso(entry.timestamp) ?? updated;
    const payload = asRecord(entry.payload);
    if (entry.type === "session_meta" && payload) {
      sessionId = asString(payload.id) ?? sessionId;
      cwd = asString(payload.cwd) ?? cwd;
    }
    if (
      title === "" &&
      entry.type === "response_item" &&
      payload?.type === "message" &&
      payload.role === "user"
    ) {
      const content = messageText(payload.content);
      if (!isInjectedContext(content)) title = content;
    }
  }
  const info = sessionSummary(sessionId, title, updated, fallbackUpdated);
  return { info, cwd };
}

function messageText(content: unknown): string {
  if (typeof content === "string") return content;
  return asRecords(content)
    .flatMap((part) => (typeof part.text === "string" ? [part.text] : []))
    .join("\n");
}

function isInjectedContext(text: string): boolean {
  const trimmed = text.trimStart();
  return CONTEXT_PREFIXES.some((prefix) => trimmed.startsWith(prefix));
}

function parseMaybeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
