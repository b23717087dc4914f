import { type ContentBlockParam, type MessageParam, truncateForModel } from "@parley/protocol";

/** How long one text, tool input or tool result may be in a transcript before its middle is cut. */
export const TRANSCRIPT_MAX_BLOCK_CHARS = 4_000;

/**
 * A conversation as plain text for a summarizing model: who said what, each tool call with its input and
 * each result with its tool's name, long pieces cut in the middle, images and documents as placeholders,
 * thinking left out. Plain text keeps the summary request valid for every provider (no tool definitions
 * are needed for the calls it mentions).
 */
export function conversationTranscript(
  messages: readonly MessageParam[],
  maxBlockChars = TRANSCRIPT_MAX_BLOCK_CHARS,
): string {
  const toolNames = new Map<string, string>();
  const cut = (text: string) => truncateForModel(text, maxBlockChars);
  const sections: string[] = [];
  for (const message of messages) {
    const blocks: ContentBlockParam[] =
      typeof message.content === "string"
        ? [{ type: "text", text: message.content }]
        : (message.content as ContentBlockParam[]);
    const lines = blocks.flatMap((block) => blockLines(block, toolNames, cut));
    if (lines.length === 0) continue;
    const onlyResults = blocks.every((block) => block.type === "tool_result");
    const speaker =
      message.role === "assistant" ? "Assistant" : message.role === "system" ? "System" : "User";
    sections.push(`### ${onlyResults ? "Tool results" : speaker}\n${lines.join("\n")}`);
  }
  return sections.join("\n\n");
}

function blockLines(
  block: ContentBlockParam,
  toolNames: Map<string, string>,
  cut: (text: string) => string,
): string[] {
  switch (block.type) {
    case "text":
      return block.text.trim() === "" ? [] : [cut(block.text)];
    case "thinking":
    case "redacted_thinking":
      return [];
    case "tool_use":
      toolNames.set(block.id, block.name);
      return [`[Tool call ${block.name} (${block.id}): ${cut(JSON.stringify(block.input ?? {}))}]`];
    case "tool_result": {
      const name = toolNames.get(block.tool_use_id) ?? "tool";
      const label = block.is_error ? "Error from" : "Result of";
      return [`[${label} ${name} (${block.tool_use_id})]:\n${cut(resultText(block.content))}`];
    }
    case "image":
      return ["[image]"];
    case "document":
      return [block.source.type === "text" ? cut(block.source.data) : "[document]"];
    default:
      return [`[${block.type}]`];
  }
}

function resultText(content: Extract<ContentBlockParam, { type: "tool_result" }>["content"]): string {
  if (content === undefined) return "";
  if (typeof content === "string") return content;
  return content.map((part) => (part.type === "text" ? part.text : `[${part.type}]`)).join("\n");
}
