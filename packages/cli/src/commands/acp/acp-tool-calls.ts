import { isAbsolute, resolve } from "node:path";
import type { ToolCall, ToolCallContent, ToolCallLocation, ToolKind } from "@agentclientprotocol/sdk";
import { describeToolActivity } from "@parley/engine";

/** How an editor should show a call of each of Parley's built-in tools (MCP tools are `other`). */
const KINDS: Readonly<Record<string, ToolKind>> = {
  Read: "read",
  LS: "read",
  Glob: "search",
  Grep: "search",
  ProjectStructure: "search",
  Write: "edit",
  Edit: "edit",
  Bash: "execute",
  Task: "think",
  UpdatePlan: "think",
  WebFetch: "fetch",
};

/**
 * A tool call as an ACP `tool_call`: Parley's headline as the title, its kind, the file it touches (so the
 * editor can follow along) and, for `Write` and `Edit`, the change as a diff the editor can show.
 */
export function acpToolCall(
  toolUseId: string,
  toolName: string,
  input: unknown,
  cwd: string,
): ToolCall & { sessionUpdate: "tool_call" } {
  const fields = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  const path = typeof fields.file_path === "string" ? absolute(cwd, fields.file_path) : undefined;
  const locations: ToolCallLocation[] = path
    ? [{ path, ...(typeof fields.offset === "number" && { line: fields.offset }) }]
    : [];
  const content: ToolCallContent[] = [];
  if (path && toolName === "Write" && typeof fields.content === "string") {
    content.push({ type: "diff", path, oldText: null, newText: fields.content });
  }
  if (path && toolName === "Edit" && typeof fields.old_string === "string") {
    content.push({
      type: "diff",
      path,
      oldText: fields.old_string,
      newText: typeof fields.new_string === "string" ? fields.new_string : "",
    });
  }
  return {
    sessionUpdate: "tool_call",
    toolCallId: toolUseId,
    title: describeToolActivity(toolName, input),
    kind: KINDS[toolName] ?? "other",
    status: "pending",
    rawInput: input,
    ...(locations.length > 0 && { locations }),
    ...(content.length > 0 && { content }),
  };
}

/** A tool result's text, as content the editor shows under the call. */
export function toolResultContent(text: string): ToolCallContent[] {
  return text === "" ? [] : [{ type: "content", content: { type: "text", text } }];
}

/** Model-given paths are relative to the project; ACP wants absolute ones. */
function absolute(cwd: string, path: string): string {
  return isAbsolute(path) ? path : resolve(cwd, path);
}
