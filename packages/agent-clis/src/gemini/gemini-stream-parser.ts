import type { ResponsePart } from "@parley/protocol";
import { asRecord, asString, epochFromIso, parseJsonLine } from "../json-line.ts";
import type { Clock, RunOutputParser } from "../run-output-parser.ts";
import { toolPart } from "../tool-part.ts";

/**
 * Reads `gemini -p … --output-format stream-json`: `init` names the session, assistant `message` deltas grow
 * one final part (a new one after each tool call), `tool_use`/`tool_result` are a tool call and its result,
 * `error` events and a `result` with `status: "error"` report failures.
 */
export class GeminiStreamParser implements RunOutputParser {
  sessionId: string | null = null;
  errorMessage: string | null = null;
  model: string | null = null;
  private text: ResponsePart | null = null;
  private textCount = 0;
  private readonly tools = new Map<string, { name: string; input: unknown }>();

  constructor(private readonly now: Clock = Date.now) {}

  parseLine(line: string): ResponsePart[] {
    const event = parseJsonLine(line);
    if (!event) return [];
    const timestamp = epochFromIso(event.timestamp) ?? this.now();
    switch (event.type) {
      case "init":
        this.sessionId = asString(event.session_id) ?? this.sessionId;
        this.model = asString(event.model) ?? this.model;
        return [];
      case "message": {
        if (event.role !== "assistant") return [];
        const delta = asString(event.content) ?? "";
        if (this.text === null || event.delta !== true) {
          this.textCount++;
          this.text = {
            text: "",
            timestamp,
            part_type: "final",
            part_id: `${this.sessionId}:text:${this.textCount}`,
          };
        }
        this.text = { ...this.text, text: this.text.text + delta };
        return [this.text];
      }
      case "tool_use": {
        this.text = null;
        const callId = asString(event.tool_id) ?? "";
        const name = asString(event.tool_name) ?? "tool";
        this.tools.set(callId, { name, input: event.parameters ?? null });
        return [
          toolPart({
            partId: callId,
            callId,
            name,
            input: event.parameters ?? null,
            status: "running",
            timestamp,
          }),
        ];
      }
      case "tool_result": {
        const callId = asString(event.tool_id) ?? "";
        const call = this.tools.get(callId) ?? { name: "tool", input: null };
        const failed = event.status === "error";
        const output = failed ? asString(asRecord(event.error)?.message) : asString(event.output);
        return [
          toolPart({
            partId: callId,
            callId,
            ...call,
            status: failed ? "error" : "completed",
            ...(output !== undefined && { output }),
            timestamp,
          }),
        ];
      }
      case "error":
        if (event.severity !== "warning")
          this.errorMessage = `Gemini CLI: ${asString(event.message) ?? "error"}`;
        return [];
      case "result":
        if (event.status === "error") {
          const message = asString(asRecord(event.error)?.message) ?? "the run failed";
          this.errorMessage = `Gemini CLI: ${message}`;
        }
        return [];
      default:
        return [];
    }
  }
}
