import type { MessageAttachment, ProjectStructureType } from "@parley/protocol";
import type { ParleyClient } from "./parley-client.ts";

/** A `/structure [tree|files|dependencies] [path]` line typed in a message box. */
export interface StructureCommand {
  type: ProjectStructureType;
  /** A directory of the project to read instead of the whole project. */
  path?: string;
}

/** The words a person may type for each view (`files` is what people say; `file_list` what the API says). */
const TYPE_WORDS: Record<string, ProjectStructureType> = {
  tree: "tree",
  files: "file_list",
  file_list: "file_list",
  "file-list": "file_list",
  dependencies: "dependencies",
  deps: "dependencies",
};

/** How the command is written, for suggestions and help. */
export const STRUCTURE_COMMAND_USAGE = "/structure [tree|files|dependencies] [path]";

/**
 * Reads `/structure`, `/structure files`, `/structure dependencies packages/web` or `/structure src` (a
 * path alone reads its tree); undefined when the line is not that command.
 */
export function parseStructureCommand(text: string): StructureCommand | undefined {
  const match = /^\/structure(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (match === null) return undefined;
  const rest = (match[1] ?? "").trim();
  if (rest === "") return { type: "tree" };
  const first = rest.split(/\s+/)[0] ?? "";
  const type = TYPE_WORDS[first.toLowerCase()];
  const path = (type === undefined ? rest : rest.slice(first.length)).trim();
  return { type: type ?? "tree", ...(path !== "" && { path }) };
}

/** Entries an attached structure lists at most, so the message stays well inside the request size limit. */
export const STRUCTURE_ATTACHMENT_ENTRIES = 2000;

/** Reads the structure a `/structure` line names (`GET /api/workspace/structure`) as a message's card. */
export function readStructureAttachment(
  client: Pick<ParleyClient, "getProjectStructure">,
  command: StructureCommand,
): Promise<MessageAttachment> {
  return client.getProjectStructure({
    type: command.type,
    maxEntries: STRUCTURE_ATTACHMENT_ENTRIES,
    ...(command.path !== undefined && { path: command.path }),
  });
}
