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
  MAX_INSTRUCTION_FOLDER_DEPTH,
  MAX_NESTED_INSTRUCTIONS_BYTES,
  NESTED_INSTRUCTION_TOOLS,
} from "./instruction-files.ts";
import { InstructionFolders } from "./instruction-folders.ts";
import { neutralised, quotedPath } from "./instruction-markup.ts";
import { givenInHistory, NESTED_CLOSING, NESTED_OPENING } from "./nested-history.ts";
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
  /** The session's memory of folders without instruction files; the turn's own when absent. */
  folders?: InstructionFolders;
}

/**
 * Bytes of the session's budget kept for the lines naming files not given and the block's framing: a file's
 * text may use the budget up to this, and they the rest.
 */
const NOTES_RESERVE = 2048;
/** Bytes a block takes besides its sections: the opening and closing, and the blank line after the opening. */
const FRAMING_BYTES = Buffer.byteLength(`${NESTED_OPENING}\n\n${NESTED_CLOSING}`);

/**
 * Gives the instruction files of the folders between the project root and a file the agent's Read, Edit or
 * Write reached, each once in a session (Claude Code reads a subfolder's CLAUDE.md as the agent works there;
 * Codex reads AGENTS.md from the root down to where it works). One per turn: it learns from the turn's
 * history what earlier turns gave, so a resumed or restarted session does not give a file again while its
 * text is still in the conversation (after compaction it is given again). Everything it appends, framing and
 * the lines naming files not given included, counts in the session's `MAX_NESTED_INSTRUCTIONS_BYTES`.
 */
export class NestedInstructions {
  readonly #options: NestedInstructionsOptions;
  readonly #folders: InstructionFolders;
  /** Project-relative paths given, named as not given, or read by the agent itself: not given again. */
  readonly #given = new Set<string>(INSTRUCTION_FILES.map((file) => file.path));
  /** Folders this turn has checked: a folder's files are looked up once per turn. */
  readonly #checked = new Set<string>();
  /** Where each path a call named this turn leads, project-relative: confined once per turn. */
  readonly #reached = new Map<string, { root: string; relative: string }>();
  #bytesUsed: number;

  constructor(options: NestedInstructionsOptions) {
    this.#options = options;
    this.#folders = options.folders ?? new InstructionFolders();
    const given = givenInHistory(options.history, options.cwd);
    this.#bytesUsed = given.bytes;
    for (const path of given.paths) this.#given.add(path);
  }

  /**
   * The block to append to a successful call of `toolName` that touched `path` (as the tool was given it),
   * or undefined when it gives nothing new. Never throws: the call's own result stands whatever happens here.
   */
  async after(toolName: string, path: string | undefined): Promise<string | undefined> {
    if (!NESTED_INSTRUCTION_TOOLS.has(toolName) || path === undefined) return undefined;
    try {
      return await this.#blockFor(toolName, path);
    } catch {
      return undefined;
    }
  }

  async #blockFor(toolName: string, path: string): Promise<string | undefined> {
    if (this.#bytesUsed + FRAMING_BYTES >= MAX_NESTED_INSTRUCTIONS_BYTES) return undefined;
    const touched = await this.#reach(path, toolName === "Write");
    if (touched === undefined) return undefined;
    const { root, relative } = touched;
    // A file the agent reads, edits or writes is not also given to it.
    this.#given.add(relative);
    const parts = relative.split("/").slice(0, -1);
    const stop = parts.findIndex((part) => FOLDERS_WITHOUT_INSTRUCTIONS.has(part));
    if (stop !== -1) parts.length = stop;
    parts.length = Math.min(parts.length, MAX_INSTRUCTION_FOLDER_DEPTH);
    const folders = parts.map((_part, index) => parts.slice(0, index + 1).join("/"));
    const sections: string[] = [];
    let blockBytes = FRAMING_BYTES;
    const room = () => MAX_NESTED_INSTRUCTIONS_BYTES - this.#bytesUsed - blockBytes;
    /** Adds a section if the session has room for it; false once it has none. */
    const add = (section: string) => {
      // Tool results are shown in terminals: no control character of a repository's reaches one.
      const shown = section.replace(/\r\n/g, "\n").replace(/[^\P{Cc}\n\t]/gu, "\uFFFD");
      const bytes = Buffer.byteLength(shown) + 2;
      if (bytes > room()) return false;
      sections.push(shown);
      blockBytes += bytes;
      return true;
    };
    const unchecked = folders
      .filter((folder) => !this.#checked.has(folder))
      .slice(0, MAX_FOLDERS_CHECKED_PER_CALL);
    for (const folder of unchecked) this.#checked.add(folder);
    // Looked at together (each a look-up or two on the thread pool), read in order from the root down.
    const holding = await Promise.all(unchecked.map((folder) => this.#folders.mayHoldFiles(root, folder)));
    for (const [index, folder] of unchecked.entries()) {
      if (holding[index] !== true) continue;
      if (!(await this.#giveFolder(folder, room, add))) break;
    }
    if (sections.length === 0) return undefined;
    const block = [NESTED_OPENING, ...sections, NESTED_CLOSING].join("\n\n");
    this.#bytesUsed += Buffer.byteLength(block);
    return block;
  }

  /** Where `path` leads in the project, confined as the tools confine it; undefined outside it or at its root. */
  async #reach(path: string, written: boolean) {
    let reached = this.#reached.get(path);
    if (reached === undefined || written) {
      // Symlinks resolved: the folder's files are the real folder's. Outside the project (an added
      // directory) it has none.
      const confined = await confinePath(this.#options.cwd, path, { intent: "read" });
      reached = { root: confined.root, relative: confined.relative };
      this.#reached.set(path, reached);
    }
    return reached.relative === "" || posix.isAbsolute(reached.relative) ? undefined : reached;
  }

  /** Adds one folder's files with `add`; false once the session's budget has no room for more. */
  async #giveFolder(folder: string, room: () => number, add: (section: string) => boolean) {
    const { cwd, sources, excluded } = this.#options;
    const left = room() - NOTES_RESERVE;
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
      if (!add(instructionSection(file))) return false;
      for (const name of [file.path, ...file.duplicates]) this.#given.add(name);
    }
    for (const file of read.skipped) {
      const line = `<not-given file=${quotedPath(file.path)}>${neutralised(file.reason)}.</not-given>`;
      if (!add(line)) return false;
      this.#given.add(file.path);
    }
    return true;
  }
}
