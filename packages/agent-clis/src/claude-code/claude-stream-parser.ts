import type { ResponsePart } from "@parley/protocol";
import { asRecord, asRecords, asString, epochFromIso, type JsonRecord, parseJsonLine } from "../json-line.ts";
import type { Clock, RunOutputParser } from "../run-output-parser.ts";
import { toolPart } from "../tool-part.ts";

/**
 * Reads `claude -p --output-format stream-json --verbose`: `system/init` names the session, each `assistant`
 * line carries one content block (text → final, thinking → thinking, tool_use → a running tool), `user` lines
 * carry tool results (the tool part again, finished), and `result` ends the turn (`is_error` for API errors).
 */
export class ClaudeStreamParser implements RunOutputParser {
  sessionId: string | null = null;
  errorMessage: string | null = null;
  model: string | null = null;
  private readonly tools = new Map<string, { name: string; input: unknown }>();

  constructor(private readonly now: Clock = Date.now) {}

  parseLine(line: string): ResponsePart[] {
    const event = parseJsonLine(line);
    if (!event) return [];
    this.sessionId = asString(event.session_id) ?? this.sessionId;
    switch (event.type) {
      case "assistant":
        return this.assistant(event);
      case "user":
        return this.toolResults(event);
      case "result":
        this.result(event);
        return [];
      case "system":
        // `system/init` names the model Claude Code chose (its settings, ANTHROPIC_MODEL or `--model`).
        if (event.subtype === "init") this.model = asString(event.model) ?? this.model;
        return [];
      default:
        return [];
    }
  }

  private assistant(event: JsonRecord): ResponsePart[] {
    const message = asRecord(event.message);
    const lineId = asString(event.uuid) ?? asString(message?.id) ?? null;
    // Newer versions stamp each line; older ones do not, so arrival time stands in.
    const timestamp = epochFromIso(event.timestamp) ?? this.now();
    return asRecords(message?.content).flatMap((block, index): ResponsePart[] => {
      const partId = lineId === null ? null : `${lineId}:${index}`;
      if (block.type === "text") {
        return [{ text: asString(block.text) ?? "", timestamp, part_type: "final", part_id: partId }];
      }
      if (block.type === "thinking") {
        return [{ text: asString(block.thinking) ?? "", timestamp, part_type: "thinking", part_id: partId }];
      }
      if (block.type === "tool_use") {
        const callId = asString(block.id) ?? `${lineId}:${index}`;
        const name = asString(block.name) ?? "tool";
        this.tools.set(callId, { name, input: block.input });
        return [toolPart({ partId: callId, callId, name, input: block.input, status: "running", timestamp })];
      }
      return [];
    });
  }

  private toolResults(event: JsonRecord): ResponsePart[] {
    const content = asRecord(event.message)?.content;
    return asRecords(content).flatMap((block): ResponsePart[] => {
      const callId = asString(block.tool_use_id);
      if (block.type !== "tool_result" || callId === undefined) return [];
      const call = this.tools.get(callId) ?? { name: "tool", input: null };
      return [
        toolPart({
          partId: callId,
          callId,
          ...call,
          status: block.is_error === true ? "error" : "completed",
          output: toolResultText(block.content),
          timestamp: epochFromIso(event.timestamp) ?? this.now(),
        }),
      ];
    });
  }

  private result(event: JsonRecord): void {
    if (event.is_error !== true && event.subtype === "success") return;
    const errors = Array.isArray(event.errors) ? event.errors.filter((item) => typeof item === "string") : [];
    this.errorMessage =
      asString(event.result) ?? (errors.length > 0 ? errors.join("\n") : `Claude Code: ${event.subtype}`);
  }
}

/** A tool result's content (a string, or text blocks) as plain text. */
export function toolResultText(content: unknown): string {
  if (typeof content === "string") return content;
  return asRecords(content)
    .flatMap((block) => (typeof block.text === "string" ? [block.text] : []))
    .join("\n");
}
