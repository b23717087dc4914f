import type { FakeModelServer } from "@parley/testkit";

/** A tool result as the model received it in an Anthropic Messages request. */
export interface SentToolResult {
  text: string;
  isError: boolean;
}

interface ContentBlock {
  type?: string;
  text?: string;
  tool_use_id?: string;
  content?: unknown;
  is_error?: boolean;
}

interface RequestBody {
  system?: unknown;
  messages?: { role?: string; content?: unknown }[];
}

/** The Anthropic Messages body of model request `index` (what the server sent the fake model). */
function bodyOf(fake: FakeModelServer, index: number): RequestBody {
  const request = fake.requests[index];
  if (request === undefined) {
    throw new Error(`the model received ${fake.requests.length} requests, none with index ${index}`);
  }
  return request.body as RequestBody;
}

function messagesOf(fake: FakeModelServer, index: number): { role?: string; content?: unknown }[] {
  return bodyOf(fake, index).messages ?? [];
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return (content as ContentBlock[])
    .map((block) => (typeof block.text === "string" ? block.text : ""))
    .join("");
}

/**
 * The result of tool call `toolUseId` in model request `index`: what the agent learned from the tool, or
 * from the person who refused it. Throws, naming the ids it did find, when the request has no such result.
 */
export function toolResultSent(fake: FakeModelServer, index: number, toolUseId: string): SentToolResult {
  const found: string[] = [];
  for (const message of messagesOf(fake, index)) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content as ContentBlock[]) {
      if (block.type !== "tool_result" || block.tool_use_id === undefined) continue;
      if (block.tool_use_id === toolUseId)
        return { text: textOf(block.content), isError: block.is_error === true };
      found.push(block.tool_use_id);
    }
  }
  throw new Error(
    `model request ${index} has no result for ${toolUseId} (results: ${found.join(", ") || "none"})`,
  );
}

/** The text of the last user message in model request `index`: what the person said last. */
export function lastUserTextSent(fake: FakeModelServer, index: number): string {
  const user = messagesOf(fake, index).filter((message) => message.role === "user");
  return textOf(user.at(-1)?.content);
}

/** The system prompt of model request `index`, as JSON text (Anthropic sends it as a string or blocks). */
export function systemPromptSent(fake: FakeModelServer, index: number): string {
  return JSON.stringify(bodyOf(fake, index).system ?? "");
}
