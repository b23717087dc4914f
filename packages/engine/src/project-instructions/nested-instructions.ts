import { posix } from "node:path";
import type { MessageParam } from "@parley/protocol";
import { confinePath } from "../permissions/confine-path.ts";
import type { RuleFile } from "../permissions/rule-path.ts";
import {
  FOLDERS_WITHOUT_INSTRUCTIONS,
  INSTRUCTION_FILES,
  type InstructionSource,
  MAX_FOLDER_INSTRUCTIONS_BYTES,
  MAX_FOLDERS_CHECKED_PER_CALL,
  MAX_NESTED_INSTRUCTIONS_BYTES,
  NESTED_INSTRUCTION_TOOLS,
} from "./instruction-files.ts";
import { instructionSection, readFolderInstructions } from "./read-project-instructions.ts";

/** What a turn needs to give the instruction files of the project's subfolders. */
export interface NestedInstructionsOptions {
  /** The project root the file tools are confined to. */
  cwd: string;
  /** The run's setting sources: `project` gives a subfolder's `AGENTS.md` and `CLAUDE.md`, `local` its `CLAUDE.local.md`. */
  sources: readonly InstructionSource[];
  /** What the turn's `Read` deny and ask rules keep from the agent. */
  excluded: ((file: RuleFile) => boolean) | undefined;
  /** The conversation so far: the files its tool results carry were given in this session. */
  history: readonly MessageParam[];
}

/** How a block of subfolders' files opens: a history holding it says what this session was given. */
const LEAD =
  "Instruction files of the project's folders you are working in, given once in this session (the root's are in the system prompt): follow them for the files in their folder and below unless the person asks otherwise.";
const OPENING = `<system-reminder>\n${LEAD}`;
const CLOSING = "</system-reminder>";

/**
 * Gives the instruction files of the folders between the project root and a file the agent's Read, Edit or
 * Write reached, each once in a session (Claude Code reads a subfolder's CLAUDE.md as the agent works there;
 * Codex reads AGENTS.md from the root down to where it works). One per turn: it learns from the turn's
 * history what earlier turns gave, so a resumed or restarted session does not give a file again while its
 * text is still in the conversation (after compaction it is given again).
 */
export class NestedInstructions {
  readonly #options: NestedInstructionsOptions;
  /** Project-relative paths given, named as not given, or read by the agent itself: not given again. */
  readonly #given = new Set<string>(INSTRUCTION_FILES.map((file) => file.path));
  /** Folders this turn has checked: a folder's files are looked up once per turn. */
  readonly #checked = new Set<string>();
  #bytesUsed = 0;

  constructor(options: NestedInstructionsOptions) {
    this.#options = options;
    for (const block of blocksIn(options.history)) {
      this.#bytesUsed += Buffer.byteLength(block);
      for (const path of pathsIn(block)) this.#given.add(path);
    }
  }

  /**
   * The block to append to a successful call of `toolName` that touched `path` (as the tool was given it),
   * or undefined when it gives nothing new. Never throws: the call's own result stands whatever happens here.
   */
  async after(toolName: string, path: string | undefined): Promise<string | undefined> {
    if (!NESTED_INSTRUCTION_TOOLS.has(toolName) || path === undefined) return undefined;
    try {
      return await this.#blockFor(path);
    } catch {
      return undefined;
    }
  }

  async #blockFor(path: string): Promise<string | undefined> {
    const { cwd, sources, excluded } = this.#options;
    // Where the file is, symlinks resolved: the folder's files are the real folder's. Outside the project
    // (an added directory) it has none.
    const touched = await confinePath(cwd, path, { intent: "read" });
    if (touched.relative === "" || posix.isAbsolute(touched.relative)) return undefined;
    // A file the agent reads, edits or writes is not also given to it.
    this.#given.add(touched.relative);
    const parts = touched.relative.split("/").slice(0, -1);
    const stop = parts.findIndex((part) => FOLDERS_WITHOUT_INSTRUCTIONS.has(part));
    if (stop !== -1) parts.length = stop;
    const folders = parts
      .map((_part, index) => parts.slice(0, index + 1).join("/"))
      .filter((folder) => !this.#checked.has(folder))
      .slice(0, MAX_FOLDERS_CHECKED_PER_CALL);
    const sections: string[] = [];
    for (const folder of folders) {
      this.#checked.add(folder);
      const left = MAX_NESTED_INSTRUCTIONS_BYTES - this.#bytesUsed;
      const read = await readFolderInstructions(cwd, folder, sources, {
        budget: Math.max(0, Math.min(MAX_FOLDER_INSTRUCTIONS_BYTES, left)),
        outOfBudget:
          left < MAX_FOLDER_INSTRUCTIONS_BYTES
            ? `this session has used the ${MAX_NESTED_INSTRUCTIONS_BYTES / 1024} KiB given to subfolders' instruction files`
            : `the files before it used the ${MAX_FOLDER_INSTRUCTIONS_BYTES / 1024} KiB given to one folder's instruction files`,
        excluded,
        given: this.#given,
      });
      for (const file of read.files) {
        const section = instructionSection(file);
        sections.push(section);
        this.#bytesUsed += Buffer.byteLength(section);
        for (const name of [file.path, ...file.duplicates]) this.#given.add(name);
      }
      for (const file of read.skipped) {
        sections.push(`<not-given file="${file.path}">${file.reason}.</not-given>`);
        this.#given.add(file.path);
      }
    }
    if (sections.length === 0) return undefined;
    // Tool results are shown in terminals: no control character of a repository's reaches one.
    return [OPENING, ...sections, CLOSING]
      .join("\n\n")
      .replace(/\r\n/g, "\n")
      .replace(/[^\P{Cc}\n\t]/gu, "\uFFFD");
  }
}

/** The blocks of subfolders' instruction files in a history's tool results. */
function* blocksIn(history: readonly MessageParam[]): Generator<string> {
  for (const message of history) {
    if (message.role !== "user" || typeof message.content === "string") continue;
    for (const block of message.content) {
      if (block.type !== "tool_result") continue;
      const texts =
        typeof block.content === "string"
          ? [block.content]
          : (block.content ?? []).flatMap((part) => (part.type === "text" ? [part.text] : []));
      for (const text of texts) {
        const start = text.indexOf(OPENING);
        if (start === -1) continue;
        const end = text.indexOf(CLOSING, start);
        yield text.slice(start, end === -1 ? undefined : end + CLOSING.length);
      }
    }
  }
}

/** The paths a block gave or named as not given. */
function pathsIn(block: string): string[] {
  return [...block.matchAll(/^<(?:instructions|not-given) file="([^"\n]*)">/gm)].map(
    (match) => match[1] as string,
  );
}
