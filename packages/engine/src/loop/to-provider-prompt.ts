import type {
  LanguageModelV3FilePart,
  LanguageModelV3Message,
  LanguageModelV3Prompt,
  LanguageModelV3TextPart,
  LanguageModelV3ToolResultOutput,
  LanguageModelV3ToolResultPart,
} from "@ai-sdk/provider";
import type { ContentBlockParam, MessageParam, ToolResultBlockParam } from "@parley/protocol";

type UserPart = LanguageModelV3TextPart | LanguageModelV3FilePart;
type AssistantMessage = Extract<LanguageModelV3Message, { role: "assistant" }>;
type ToolOutputContent = Extract<LanguageModelV3ToolResultOutput, { type: "content" }>["value"][number];

/**
 * Converts a conversation in Anthropic `MessageParam` form to the AI SDK's provider prompt: text,
 * images and documents, thinking (its signature travels as Anthropic provider options), tool calls,
 * and tool results (moved into `tool` messages, which each provider places where its API wants them).
 */
export function toProviderPrompt(
  systemPrompt: string | undefined,
  messages: MessageParam[],
): LanguageModelV3Prompt {
  const prompt: LanguageModelV3Prompt = [];
  if (systemPrompt) prompt.push({ role: "system", content: systemPrompt });
  const toolNames = new Map<string, string>();
  for (const message of messages) {
    if (message.role === "system") {
      const text =
        typeof message.content === "string" ? message.content : message.content.map((b) => b.text).join("\n");
      prompt.push({ role: "system", content: text });
    } else if (message.role === "assistant") {
      prompt.push(assistantMessage(blocksOf(message.content), toolNames));
    } else {
      prompt.push(...userMessages(blocksOf(message.content), toolNames));
    }
  }
  return prompt;
}

function blocksOf(content: MessageParam["content"]): ContentBlockParam[] {
  return typeof content === "string" ? [{ type: "text", text: content }] : (content as ContentBlockParam[]);
}

function assistantMessage(blocks: ContentBlockParam[], toolNames: Map<string, string>): AssistantMessage {
  const content: AssistantMessage["content"] = [];
  for (const block of blocks) {
    switch (block.type) {
      case "text":
        if (block.text) content.push({ type: "text", text: block.text });
        break;
      case "thinking":
        content.push({
          type: "reasoning",
          text: block.thinking,
          ...(block.signature && { providerOptions: { anthropic: { signature: block.signature } } }),
        });
        break;
      case "redacted_thinking":
        content.push({
          type: "reasoning",
          text: "",
          providerOptions: { anthropic: { redactedData: block.data } },
        });
        break;
      case "tool_use":
        toolNames.set(block.id, block.name);
        content.push({
          type: "tool-call",
          toolCallId: block.id,
          toolName: block.name,
          input: block.input ?? {},
        });
        break;
      default:
        // Server-side tool blocks belong to Anthropic's own tools, which Parley does not enable.
        break;
    }
  }
  return { role: "assistant", content };
}

/** Splits a user message into runs: tool results become `tool` messages, everything else `user` ones. */
function userMessages(blocks: ContentBlockParam[], toolNames: Map<string, string>): LanguageModelV3Message[] {
  const messages: LanguageModelV3Message[] = [];
  let userParts: UserPart[] = [];
  let toolParts: LanguageModelV3ToolResultPart[] = [];
  const flush = () => {
    if (toolParts.length > 0) messages.push({ role: "tool", content: toolParts });
    if (userParts.length > 0) messages.push({ role: "user", content: userParts });
    toolParts = [];
    userParts = [];
  };
  for (const block of blocks) {
    if (block.type === "tool_result") {
      if (userParts.length > 0) flush();
      toolParts.push({
        type: "tool-result",
        toolCallId: block.tool_use_id,
        toolName: toolNames.get(block.tool_use_id) ?? "unknown",
        output: toolOutput(block),
      });
      continue;
    }
    if (toolParts.length > 0) flush();
    const part = userPart(block);
    if (part) userParts.push(part);
  }
  flush();
  return messages;
}

function userPart(block: ContentBlockParam): UserPart | undefined {
  switch (block.type) {
    case "text":
      return block.text ? { type: "text", text: block.text } : undefined;
    case "image": {
      const source = block.source;
      if (source.type === "base64") return { type: "file", mediaType: source.media_type, data: source.data };
      if (source.type === "url") return { type: "file", mediaType: "image/*", data: new URL(source.url) };
      return undefined;
    }
    case "document": {
      const source = block.source;
      if (source.type === "base64") return { type: "file", mediaType: "application/pdf", data: source.data };
      if (source.type === "text") return { type: "text", text: source.data };
      if (source.type === "url")
        return { type: "file", mediaType: "application/pdf", data: new URL(source.url) };
      return undefined;
    }
    default:
      return undefined;
  }
}

function toolOutput(block: ToolResultBlockParam): LanguageModelV3ToolResultOutput {
  const content = block.content ?? "";
  const type = block.is_error ? "error-text" : "text";
  if (typeof content === "string") return { type, value: content };
  const parts: ToolOutputContent[] = [];
  for (const item of content) {
    if (item.type === "text") parts.push({ type: "text", text: item.text });
    else if (item.type === "image" && item.source.type === "base64") {
      parts.push({ type: "image-data", data: item.source.data, mediaType: item.source.media_type });
    } else if (item.type === "image" && item.source.type === "url") {
      parts.push({ type: "image-url", url: item.source.url });
    }
  }
  const onlyText = parts.every((part) => part.type === "text");
  if (onlyText || block.is_error) {
    const text = parts.map((part) => (part.type === "text" ? part.text : "")).join("\n");
    return { type, value: text };
  }
  return { type: "content", value: parts };
}
