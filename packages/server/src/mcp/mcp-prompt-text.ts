import { type McpConnection, type McpPromptDescription, mcpToolName } from "@parley/engine";

/** How long a server may take to fill in a prompt. */
const PROMPT_TIMEOUT_MS = 30_000;

/** A prompt command that names no connected server's prompt, or whose arguments do not fit it. */
export class McpPromptCommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "McpPromptCommandError";
  }
}

/** The connected server and prompt a `/mcp__<server>__<prompt>` command names. */
export function findPromptCommand(
  connections: readonly McpConnection[],
  command: string,
): { connection: McpConnection; prompt: McpPromptDescription } {
  for (const connection of connections) {
    const prompt = connection.prompts.find(
      (candidate) => `/${mcpToolName(connection.name, candidate.name)}` === command,
    );
    if (prompt !== undefined) return { connection, prompt };
  }
  throw new McpPromptCommandError(`${command} is not a prompt of a connected MCP server`);
}

/**
 * The arguments of a prompt command: `name=value` pairs (a value may be "quoted"), or, when the input has
 * none and the prompt takes one argument (or has one required), the whole input as that argument. A
 * required argument left out is an error naming it.
 */
export function promptArguments(
  prompt: McpPromptDescription,
  input: string | undefined,
  given: Record<string, string> = {},
): Record<string, string> {
  const args: Record<string, string> = { ...given };
  const text = input?.trim() ?? "";
  const pairs = [...text.matchAll(/([A-Za-z_][\w-]*)=("(?:[^"\\]|\\.)*"|\S+)/g)];
  const declared = prompt.arguments ?? [];
  if (pairs.length > 0) {
    for (const [, name, raw] of pairs) {
      args[name as string] = raw?.startsWith('"') ? (JSON.parse(raw) as string) : (raw as string);
    }
  } else if (text !== "") {
    const required = declared.filter((argument) => argument.required === true);
    const target = declared.length === 1 ? declared[0] : required.length === 1 ? required[0] : undefined;
    if (target === undefined) {
      throw new McpPromptCommandError(
        `give the arguments as name=value (${declared.map((argument) => argument.name).join(", ") || "none"})`,
      );
    }
    args[target.name] = text;
  }
  const missing = declared.filter(
    (argument) => argument.required === true && args[argument.name] === undefined,
  );
  if (missing.length > 0) {
    throw new McpPromptCommandError(`missing ${missing.map((argument) => argument.name).join(", ")}`);
  }
  return args;
}

/**
 * A server's prompt filled in with `args`, as the text of the user's next message: each message's text in
 * order (an assistant message is quoted as such), embedded text resources inlined, other media named.
 */
export async function expandMcpPrompt(
  connection: McpConnection,
  prompt: string,
  args: Record<string, string>,
): Promise<string> {
  const messages = await connection.getPrompt(prompt, args, PROMPT_TIMEOUT_MS);
  return messages
    .map((message) => {
      const content = message.content as {
        type: string;
        text?: string;
        resource?: { uri: string; text?: string };
      };
      const text =
        content.type === "text"
          ? (content.text ?? "")
          : content.type === "resource" && content.resource?.text !== undefined
            ? `${content.resource.uri}:\n${content.resource.text}`
            : `[${content.type} content]`;
      return message.role === "assistant" ? `Assistant: ${text}` : text;
    })
    .join("\n\n");
}
