import type { ResponsePart } from "@parley/protocol";
import { asNumber, asRecord, asString, type JsonRecord, parseJsonLine } from "../json-line.ts";
import type { Clock, RunOutputParser } from "../run-output-parser.ts";
import { toolPart } from "../tool-part.ts";

/**
 * Reads `codex exec --json`: `thread.started` names the session, `item.started/updated/completed` carry items
 * (`agent_message` → final, `reasoning` → thinking, `command_execution`, `file_change`, `mcp_tool_call`,
 * `web_search` → tools), and `turn.failed` ends a failed turn. Item-level `error`s (e.g. "model metadata not
 * found") and top-level `error` retry notices are not failures by themselves.
 */
export class CodexExecParser implements RunOutputParser {
  sessionId: string | null = null;
  errorMessage: string | null = null;
  private lastNotice: string | null = null;

  constructor(private readonly now: Clock = Date.now) {}

  parseLine(line: string): ResponsePart[] {
    const event = parseJsonLine(line);
    if (!event) return [];
    const type = asString(event.type) ?? "";
    if (type === "thread.started") this.sessionId = asString(event.thread_id) ?? this.sessionId;
    if (type === "error") this.lastNotice = asString(event.message) ?? this.lastNotice;
    if (type === "turn.failed") {
      const reported = asString(asRecord(event.error)?.message) ?? this.lastNotice;
      this.errorMessage = `Codex: ${reported === null ? "the turn failed" : apiErrorMessage(reported)}`;
    }
    if (!type.startsWith("item.")) return [];
    const item = asRecord(event.item);
    return item ? this.item(item, type === "item.completed") : [];
  }

  private item(item: JsonRecord, completed: boolean): ResponsePart[] {
    const partId = asString(item.id) ?? null;
    const timestamp = this.now();
    switch (item.type) {
      case "agent_message":
        return [{ text: asString(item.text) ?? "", timestamp, part_type: "final", part_id: partId }];
      case "reasoning":
        return [{ text: asString(item.text) ?? "", timestamp, part_type: "thinking", part_id: partId }];
      case "command_execution":
      case "file_change":
      case "mcp_tool_call":
      case "web_search":
        return [codexToolPart(item, partId ?? "", completed, timestamp)];
      default:
        return [];
    }
  }
}

function codexToolPart(
  item: JsonRecord,
  partId: string,
  completed: boolean,
  timestamp: number,
): ResponsePart {
  const failed = item.status === "failed" || (asNumber(item.exit_code) ?? 0) !== 0;
  const status = !completed ? "running" : failed ? "error" : "completed";
  const { name, input, output } = describeItem(item);
  return toolPart({
    partId,
    callId: partId,
    name,
    input,
    status,
    ...(output !== undefined && { output }),
    timestamp,
  });
}

function describeItem(item: JsonRecord): { name: string; input: unknown; output?: string } {
  if (item.type === "command_execution") {
    const output = asString(item.aggregated_output);
    return { name: "shell", input: { command: item.command }, ...(output && { output }) };
  }
  if (item.type === "file_change") {
    return { name: "apply_patch", input: { changes: item.changes } };
  }
  if (item.type === "mcp_tool_call") {
    const name = `mcp__${asString(item.server) ?? "server"}__${asString(item.tool) ?? "tool"}`;
    const result = item.result === undefined ? undefined : JSON.stringify(item.result);
    return { name, input: item.arguments ?? null, ...(result && { output: result }) };
  }
  return { name: "web_search", input: { query: item.query } };
}

/**
 * An API error's own message when Codex reports the endpoint's JSON body as it came
 * (`{"error":{"message":"…"}}`); any other report as it is.
 */
function apiErrorMessage(reported: string): string {
  const body = parseJsonLine(reported);
  return asString(asRecord(body?.error)?.message) ?? reported;
}
