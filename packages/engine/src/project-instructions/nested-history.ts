import { isAbsolute, posix, relative } from "node:path";
import type { MessageParam } from "@parley/protocol";
import { NESTED_INSTRUCTION_TOOLS } from "./instruction-files.ts";
import { quotedPathsIn } from "./instruction-markup.ts";

/** How a block of subfolders' files opens: a history holding it says what this session was given. */
const LEAD =
  "Instruction files of the project's folders you are working in, given once in this session (the root's are in the system prompt): follow them for the files in their folder and below unless the person asks otherwise.";
export const NESTED_OPENING = `<system-reminder>\n${LEAD}`;
export const NESTED_CLOSING = "</system-reminder>";

/** What a session's history says it was given of subfolders' instruction files. */
export interface GivenInHistory {
  /** Bytes of the blocks, counted as a turn counts the block it appends. */
  bytes: number;
  /** Project-relative paths given, named as not given, or read by the agent's own Read calls. */
  paths: string[];
}

/**
 * Reads what earlier turns gave from the blocks the engine appended, and only those: a block counts when it
 * ends the result of a Read, Edit or Write call (the engine appends it last, and no other tool's output nor a
 * file's line-numbered text can end so). A Bash or Grep result quoting a block, or a padded copy of one, counts
 * for nothing, so it can neither mark a file given nor spend the session's budget.
 */
export function givenInHistory(history: readonly MessageParam[], cwd: string): GivenInHistory {
  const toolOf = new Map<string, string>();
  const readOf = new Map<string, string>();
  const given: GivenInHistory = { bytes: 0, paths: [] };
  for (const message of history) {
    if (typeof message.content === "string") continue;
    for (const block of message.content) {
      if (block.type === "tool_use") {
        toolOf.set(block.id, block.name);
        const read = block.name === "Read" ? projectPath(cwd, block.input) : undefined;
        if (read !== undefined) readOf.set(block.id, read);
      }
      if (block.type !== "tool_result" || block.is_error === true) continue;
      // A file the agent read itself is in the conversation already.
      const read = readOf.get(block.tool_use_id);
      if (read !== undefined) given.paths.push(read);
      if (!NESTED_INSTRUCTION_TOOLS.has(toolOf.get(block.tool_use_id) ?? "")) continue;
      const text = lastText(block.content);
      const start = text?.lastIndexOf(NESTED_OPENING) ?? -1;
      if (text === undefined || start === -1 || !text.endsWith(NESTED_CLOSING)) continue;
      const appended = text.slice(start);
      given.bytes += Buffer.byteLength(appended);
      given.paths.push(...quotedPathsIn(appended));
    }
  }
  return given;
}

/** The text a tool result ends with: the whole text, or its last part's when that part is text. */
function lastText(content: unknown): string | undefined {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return undefined;
  const last: unknown = content.at(-1);
  return typeof last === "object" && last !== null && "text" in last && typeof last.text === "string"
    ? last.text
    : undefined;
}

/** A Read call's `file_path` as a project-relative path, read lexically; undefined when it is not one. */
function projectPath(cwd: string, input: unknown): string | undefined {
  const path = (input as { file_path?: unknown } | null)?.file_path;
  if (typeof path !== "string" || path === "") return undefined;
  const inside = isAbsolute(path) ? relative(cwd, path).replaceAll("\\", "/") : posix.normalize(path);
  return inside.startsWith("..") || posix.isAbsolute(inside) ? undefined : inside;
}
