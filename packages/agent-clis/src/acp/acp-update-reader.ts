import type { SessionUpdate, ToolCallContent, ToolCallUpdate } from "@agentclientprotocol/sdk";
import type { ResponsePart, ResponsePartToolStatus } from "@parley/protocol";
import type { AgentPlanEntry } from "../agent-cli.ts";
import type { Clock } from "../run-output-parser.ts";
import { type ToolCallFacts, toolPart } from "../tool-part.ts";

/** What one `session/update` notification becomes: parts to emit, or a new version of the plan. */
export interface ReadUpdate {
  parts: ResponsePart[];
  plan?: AgentPlanEntry[];
}

/**
 * Turns an ACP agent's `session/update` notifications into ResponseParts: message chunks grow one `final` part
 * until a tool call or a thought comes between, thought chunks grow one `thinking` part, and each tool call is
 * one `tool` part that its updates replace. Updates that do not belong to the answer (commands, modes, usage)
 * are left out.
 */
export class AcpUpdateReader {
  readonly #now: Clock;
  readonly #calls = new Map<string, ToolCallFacts & { title: string }>();
  #segment = 0;
  #open: { kind: "final" | "thinking"; partId: string; text: string } | undefined;

  constructor(now: Clock) {
    this.#now = now;
  }

  read(update: SessionUpdate): ReadUpdate {
    switch (update.sessionUpdate) {
      case "agent_message_chunk":
        return { parts: this.#grow("final", update.content) };
      case "agent_thought_chunk":
        return { parts: this.#grow("thinking", update.content) };
      case "tool_call":
      case "tool_call_update":
        this.#open = undefined;
        return { parts: [this.#tool(update)] };
      case "plan":
        return {
          parts: [],
          plan: update.entries.map(({ content, priority, status }) => ({ content, priority, status })),
        };
      default:
        return { parts: [] };
    }
  }

  /** What the agent knows of a call so far, for a permission request that names it. */
  callFacts(update: ToolCallUpdate): { name: string; title: string; input: Record<string, unknown> } {
    const known = this.#calls.get(update.toolCallId);
    const name = known?.name ?? toolNameOf(update);
    return {
      name,
      title: update.title ?? known?.title ?? name,
      input: inputOf(update, known?.input as Record<string, unknown> | undefined),
    };
  }

  #grow(kind: "final" | "thinking", content: { type: string; text?: string }): ResponsePart[] {
    if (content.type !== "text" || !content.text) return [];
    if (this.#open?.kind !== kind) {
      this.#segment += 1;
      this.#open = { kind, partId: `${kind}:${this.#segment}`, text: "" };
    }
    this.#open.text += content.text;
    return [{ text: this.#open.text, timestamp: this.#now(), part_type: kind, part_id: this.#open.partId }];
  }

  #tool(update: ToolCallUpdate): ResponsePart {
    const known = this.#calls.get(update.toolCallId);
    const name = known?.name ?? toolNameOf(update);
    const output = outputOf(update.content) ?? stringOf(update.rawOutput) ?? known?.output;
    const facts = {
      partId: `tool:${update.toolCallId}`,
      callId: update.toolCallId,
      name,
      title: update.title ?? known?.title ?? name,
      input: inputOf(update, known?.input as Record<string, unknown> | undefined),
      status: update.status ? STATUS[update.status] : (known?.status ?? "running"),
      ...(output !== undefined && { output }),
      timestamp: this.#now(),
    };
    this.#calls.set(update.toolCallId, facts);
    return toolPart(facts);
  }
}

const STATUS: Record<NonNullable<ToolCallUpdate["status"]>, ResponsePartToolStatus> = {
  pending: "running",
  in_progress: "running",
  completed: "completed",
  failed: "error",
};

/**
 * The tool's own name where the agent gives it: ACP's `name`, else Gemini CLI's `<tool>__<call>` ids, else the
 * title (OpenCode titles a new call with its tool), else the kind of call.
 */
function toolNameOf(update: ToolCallUpdate & { name?: string | null }): string {
  if (update.name) return update.name;
  const prefix = /^([a-z][a-z0-9_]*)__/.exec(update.toolCallId)?.[1];
  return prefix ?? update.title ?? update.kind ?? "tool";
}

/** The call's input: what the agent reported as raw input, else the file change it proposes. */
function inputOf(
  update: ToolCallUpdate,
  known: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const raw = update.rawInput;
  if (typeof raw === "object" && raw !== null && !Array.isArray(raw) && Object.keys(raw).length > 0)
    return raw as Record<string, unknown>;
  const diff = update.content?.find((item) => item.type === "diff");
  if (diff?.type === "diff")
    return {
      file_path: diff.path,
      ...(diff.oldText != null && { old_text: diff.oldText }),
      new_text: diff.newText,
    };
  const path = update.locations?.[0]?.path;
  if (known !== undefined && Object.keys(known).length > 0) return known;
  return path === undefined ? {} : { path };
}

/** The text of a call's output content, or a line per changed file for diffs. */
function outputOf(content: ToolCallContent[] | null | undefined): string | undefined {
  if (!content?.length) return undefined;
  const lines = content.map((item) => {
    if (item.type === "diff") return `${item.oldText ? "Edited" : "Created"} ${item.path}`;
    if (item.type === "terminal") return `(terminal ${item.terminalId})`;
    return item.content.type === "text" ? item.content.text : `(${item.content.type})`;
  });
  return lines.join("\n");
}

function stringOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value;
  const output = (value as { output?: unknown }).output;
  return typeof output === "string" ? output : JSON.stringify(value);
}
