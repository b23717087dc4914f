import type { ResponsePart, ResponsePartToolStatus } from "@parley/protocol";

/** What an adapter knows about one tool call of its CLI. */
export interface ToolCallFacts {
  partId: string;
  callId: string;
  name: string;
  input: unknown;
  status: ResponsePartToolStatus;
  output?: string;
  timestamp: number | null;
}

/**
 * A `tool` response part: `text` is a one-line summary of the call (the command, the file) followed by its
 * output once there is one; `tool` carries the structured call for cards.
 */
export function toolPart(facts: ToolCallFacts): ResponsePart {
  const summary = `${facts.name}: ${summarizeInput(facts.input)}`;
  return {
    text: facts.output ? `${summary}\n${facts.output}` : summary,
    timestamp: facts.timestamp,
    part_type: "tool",
    part_id: facts.partId,
    call_id: facts.callId,
    tool: {
      name: facts.name,
      input: facts.input,
      status: facts.status,
      ...(facts.output !== undefined && { output: facts.output }),
    },
  };
}

const SUMMARY_KEYS = ["command", "cmd", "file_path", "filePath", "path", "pattern", "url", "query"];

/** The most telling field of a tool's input (its command, its file), else the input as short JSON. */
export function summarizeInput(input: unknown): string {
  if (typeof input === "string") return truncate(input);
  if (typeof input === "object" && input !== null && !Array.isArray(input)) {
    for (const key of SUMMARY_KEYS) {
      const value = (input as Record<string, unknown>)[key];
      if (typeof value === "string") return truncate(value);
      if (Array.isArray(value) && value.every((item) => typeof item === "string")) {
        return truncate(value.join(" "));
      }
    }
  }
  return truncate(JSON.stringify(input) ?? "");
}

function truncate(text: string): string {
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
