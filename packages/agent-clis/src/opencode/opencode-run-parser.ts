import type { ResponsePart } from "@parley/protocol";
import { asNumber, asRecord, asString, type JsonRecord, parseJsonLine } from "../json-line.ts";
import type { Clock, RunOutputParser } from "../run-output-parser.ts";
import { toolPart } from "../tool-part.ts";

/**
 * Reads `opencode run --format json --thinking`: one event per completed part (`text` → final, `reasoning` →
 * thinking, `tool_use` → a tool with its state), `step_start`/`step_finish` around each model step, and
 * `error` (`{name, data.message}`) when the run fails. Every event names the session.
 */
export class OpenCodeRunParser implements RunOutputParser {
  sessionId: string | null = null;
  errorMessage: string | null = null;

  constructor(private readonly now: Clock = Date.now) {}

  parseLine(line: string): ResponsePart[] {
    const event = parseJsonLine(line);
    if (!event) return [];
    this.sessionId = asString(event.sessionID) ?? this.sessionId;
    const timestamp = asNumber(event.timestamp) ?? this.now();
    const part = asRecord(event.part);
    switch (event.type) {
      case "text":
        return part ? [textPart(part, "final", timestamp)] : [];
      case "reasoning":
        return part ? [textPart(part, "thinking", timestamp)] : [];
      case "tool_use":
        return part ? [openCodeToolPart(part, timestamp)] : [];
      case "error":
        this.errorMessage = openCodeError(asRecord(event.error));
        return [];
      default:
        return [];
    }
  }
}

function textPart(part: JsonRecord, type: "final" | "thinking", timestamp: number): ResponsePart {
  return { text: asString(part.text) ?? "", timestamp, part_type: type, part_id: asString(part.id) ?? null };
}

/** An OpenCode tool part (`{tool, callID, state{status, input, output | error}}`) as a response part. */
export function openCodeToolPart(part: JsonRecord, timestamp: number): ResponsePart {
  const state = asRecord(part.state) ?? {};
  const status = state.status === "completed" ? "completed" : state.status === "error" ? "error" : "running";
  const output = asString(state.output) ?? asString(state.error);
  const callId = asString(part.callID) ?? asString(part.id) ?? "";
  return toolPart({
    partId: asString(part.id) ?? callId,
    callId,
    name: asString(part.tool) ?? "tool",
    input: state.input ?? null,
    status,
    ...(output !== undefined && { output }),
    timestamp,
  });
}

function openCodeError(error: JsonRecord | undefined): string {
  const name = asString(error?.name) ?? "Error";
  const message = asString(asRecord(error?.data)?.message) ?? JSON.stringify(error ?? null);
  return `OpenCode ${name}: ${message}`;
}
