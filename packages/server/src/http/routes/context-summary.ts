import type { AgentContext, AgentRun } from "@parley/protocol";

type Entry = NonNullable<AgentContext["entries"]>[number];

/** A run's context as `GET /api/agent-context` returns it; tokens are estimated at four characters each. */
export function summarizeContext(
  run: AgentRun,
  messages: readonly unknown[],
  view: "summary" | "raw",
): AgentContext {
  const characters =
    run.prompt.length + messages.reduce<number>((sum, message) => sum + JSON.stringify(message).length, 0);
  const base = { run, view, message_count: messages.length + 1, estimated_tokens: Math.ceil(characters / 4) };
  if (view === "raw") return { ...base, messages: [...messages] };
  const entries: Entry[] = [{ role: "user", kind: "prompt", preview: preview(run.prompt) }];
  for (const message of messages as { type?: string; subtype?: string; message?: { content?: unknown } }[]) {
    entries.push(entryOf(message));
  }
  return { ...base, entries };
}

function entryOf(message: { type?: string; subtype?: string; message?: { content?: unknown } }): Entry {
  const kind = message.subtype ? `${message.type}/${message.subtype}` : String(message.type);
  if (message.type === "assistant" || message.type === "user") {
    const content = message.message?.content;
    const blocks =
      typeof content === "string" ? [{ type: "text", text: content }] : ((content as Block[]) ?? []);
    const text = blocks.map(describeBlock).join(" ");
    return {
      role: message.type,
      kind: blocks.map((block) => block.type).join("+") || kind,
      preview: preview(text),
    };
  }
  return { role: "system", kind, preview: "" };
}

type Block = {
  type: string;
  text?: string;
  thinking?: string;
  name?: string;
  input?: unknown;
  content?: unknown;
};

function describeBlock(block: Block): string {
  if (block.type === "text") return block.text ?? "";
  if (block.type === "thinking") return `(thinking) ${block.thinking ?? ""}`;
  if (block.type === "tool_use") return `${block.name}(${JSON.stringify(block.input)})`;
  if (block.type === "tool_result")
    return typeof block.content === "string" ? block.content : JSON.stringify(block.content);
  return `(${block.type})`;
}

function preview(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= 160 ? line : `${line.slice(0, 159)}…`;
}
