import { join, posix } from "node:path";
import type { SkippedFile } from "@parley/protocol";
import type { PermissionRule } from "../permissions/permission-rule.ts";
import { searchExclusion } from "../permissions/read-rules.ts";
import type { RuleFile } from "../permissions/rule-path.ts";
import { printableText } from "../util/printable-text.ts";
import {
  INSTRUCTION_FILES,
  type InstructionSource,
  MAX_IMPORT_DEPTH,
  MAX_IMPORTS,
  MAX_INSTRUCTIONS_BYTES,
} from "./instruction-files.ts";
import { importTarget, instructionImports } from "./instruction-imports.ts";
import { neutralised, quotedPath } from "./instruction-markup.ts";
import {
  type ReadOutcome,
  type ReadRulesPlan,
  readInstructionFile,
  readOwnFile,
  regularFileIdentity,
  shownPath,
} from "./read-instruction-file.ts";

/** One instruction file given to the model. */
export interface InstructionFile {
  /** Project-relative path, as named in `INSTRUCTION_FILES`. */
  path: string;
  /** The file's size in bytes. */
  bytes: number;
  /** The bytes given; fewer than `bytes` when the file was cut at the budget. */
  givenBytes: number;
  /** What is given: the file's text, cut at a UTF-8 boundary when `givenBytes < bytes`. */
  text: string;
  /** Later files that are this file (a `CLAUDE.md` symlink to `AGENTS.md`) or hold its text: given once. */
  duplicates: string[];
  /** The file whose `@path` import brought this one in; absent for a file named in `INSTRUCTION_FILES`. */
  importedBy?: string;
}

/** What a run is given of the project's instruction files. */
export interface ProjectInstructions {
  files: InstructionFile[];
  /**
   * Instruction files not given, with why: those there and not read (a symlink out of the project, a FIFO,
   * past the budget), and imports not followed (out of the project, kept from reads by a permission rule,
   * past the number followed), named as the import wrote them.
   */
  skipped: SkippedFile[];
}

/** How the files are read beyond which sources. */
export interface ReadInstructionsOptions {
  /**
   * The project's permission rules: an import a `Read` deny or ask rule names (`Read(.env)`) is not followed,
   * as the agent's own reads of it would not be, nor a named file that leads to such a file. The named
   * files themselves are read whatever the rules, as every peer reads its instruction files.
   */
  rules?: readonly PermissionRule[];
  /**
   * The person's own instructions for every project (`AGENTS.md` in Parley's home), given first when the
   * sources include `user`. Theirs, not the repository's: read wherever a symlink of it leads.
   */
  userFile?: string;
}

/**
 * Reads the person's own file (`userFile`, first) and the project's instruction files of the given sources
 * (`INSTRUCTION_FILES`), with the files the project's import with `@path` (`instruction-imports.ts`), each
 * after the file that imports it. The project's are confined as the file tools read: an import out of the
 * project, a symlink out of it, a FIFO or a device is skipped and named.
 * Never more than `MAX_INSTRUCTIONS_BYTES` in all, nor more than `MAX_IMPORTS` imports followed. A file that
 * is the same file as one read before (by device and inode: a symlink, another letter case), or has its text,
 * is given once and listed in that one's `duplicates` (an import of a file already given is just not given
 * again); a blank file is left out.
 */
export function readProjectInstructions(
  projectRoot: string,
  sources: readonly InstructionSource[],
  options: ReadInstructionsOptions = {},
): Promise<ProjectInstructions> {
  return readInstructions(projectRoot, sources, {
    folder: "",
    budget: MAX_INSTRUCTIONS_BYTES,
    outOfBudget: `the files before it used the ${MAX_INSTRUCTIONS_BYTES / 1024} KiB given to instructions`,
    excluded: searchExclusion(options.rules ?? []),
    holdNamedToRules: false,
    given: new Set(),
    ...(options.userFile !== undefined && { userFile: options.userFile }),
  });
}

/** How one folder's files are read: `readProjectInstructions` reads the root's, `readFolderInstructions` a subfolder's. */
interface ReadPlan extends ReadRulesPlan {
  /** Project-relative folder (posix) whose `INSTRUCTION_FILES` are read; "" for the root. */
  folder: string;
  /** Bytes of text that may be given. */
  budget: number;
  /** Why a file past the budget is not given, as a clause. */
  outOfBudget: string;
  userFile?: string;
}

/** How a subfolder's instruction files are read (see `readFolderInstructions`). */
export interface FolderInstructionsOptions {
  /** Bytes of text that may be given. */
  budget: number;
  /** Why a file past the budget is not given, as a clause without a final full stop. */
  outOfBudget: string;
  /** What the turn's `Read` deny and ask rules keep from the agent (`searchExclusion`). */
  excluded: ((file: RuleFile) => boolean) | undefined;
  /** Project-relative paths given before, by name or by where they lead: not given again, nor named. */
  given: ReadonlySet<string>;
}

/**
 * Reads the instruction files of a subfolder of the project (`INSTRUCTION_FILES` below `folder`, with their
 * imports) as the root's are read, confined and within `budget`, and, unlike the root's, each held to the
 * `Read` rules: the agent works in that folder only as far as the rules let it read there.
 */
export function readFolderInstructions(
  projectRoot: string,
  folder: string,
  sources: readonly InstructionSource[],
  options: FolderInstructionsOptions,
): Promise<ProjectInstructions> {
  return readInstructions(projectRoot, sources, { ...options, folder, holdNamedToRules: true });
}

async function readInstructions(
  projectRoot: string,
  sources: readonly InstructionSource[],
  plan: ReadPlan,
): Promise<ProjectInstructions> {
  const files: InstructionFile[] = [];
  const skipped: SkippedFile[] = [];
  const given = new Map<string, InstructionFile>();
  let budget = plan.budget;
  let importsLeft = MAX_IMPORTS;
  const named = INSTRUCTION_FILES.map((file) => ({ ...file, path: posix.join(plan.folder, file.path) }));
  // No file brings in a named file of a source the run was not given (CLAUDE.local.md) under another name:
  // neither an import nor a committed symlink; a subfolder's file neither the root's nor its own.
  // A left-out file that is itself a symlink is not that file's text: only a regular file is kept out.
  const unwanted = new Map<string, string>();
  for (const file of plan.folder === "" ? named : [...INSTRUCTION_FILES, ...named]) {
    if (sources.includes(file.source)) continue;
    const identity = await regularFileIdentity(join(projectRoot, file.path));
    if (identity !== undefined) unwanted.set(identity, file.path);
  }
  const skip = (named: string, why: string) => {
    // Shown in Settings and printed by `parley run`: no control or format character of a repository's (an
    // escape sequence, a reordering override in an import's path) reaches a terminal or a page.
    const [path, reason] = [named, why].map(printableText) as [string, string];
    if (!skipped.some((entry) => entry.path === path && entry.reason === reason))
      skipped.push({ path, reason });
  };

  /** Gives what was read unless it is given already, out of budget or blank; returns the file given. */
  const accept = (read: ReadOutcome, path: string, importedBy: string | undefined) => {
    const by = importedBy === undefined ? "" : ` (imported by ${importedBy})`;
    if (read === undefined) return undefined;
    if ("reason" in read) {
      skip(path, `${read.reason}${by}`);
      return undefined;
    }
    const sameFile = given.get(read.identity);
    if (sameFile !== undefined) {
      if (importedBy === undefined && sameFile.path !== path) sameFile.duplicates.push(path);
      return undefined;
    }
    // A committed `CLAUDE.md` symlink (or hard link) to `CLAUDE.local.md` is that file.
    const left = unwanted.get(read.identity);
    if (left !== undefined) {
      skip(path, `it is ${left}, which this run does not read${by}`);
      return undefined;
    }
    const sameText = files.find((file) => file.text === read.file.text && file.text !== "");
    if (sameText !== undefined) {
      sameText.duplicates.push(path);
      return undefined;
    }
    if (read.file.bytes > 0 && read.file.givenBytes === 0) {
      skip(path, `${plan.outOfBudget}${by}`);
      return undefined;
    }
    if (read.file.text.trim() === "") return undefined;
    const file: InstructionFile = { ...read.file, ...(importedBy !== undefined && { importedBy }) };
    given.set(read.identity, file);
    files.push(file);
    budget -= read.consumed;
    return file;
  };

  const give = async (path: string, importedBy: string | undefined, depth: number): Promise<void> => {
    if (plan.given.has(path)) return;
    const file = accept(
      await readInstructionFile(projectRoot, path, budget, plan, importedBy !== undefined),
      path,
      importedBy,
    );
    if (file === undefined || depth === MAX_IMPORT_DEPTH) return;
    // One more than can be followed, to name the first that is not.
    for (const written of instructionImports(file.text, importsLeft + 1)) {
      if (importsLeft === 0) {
        skip(written, `only ${MAX_IMPORTS} imports are followed (imported by ${path})`);
        return;
      }
      importsLeft--;
      const target = importTarget(projectRoot, path, written);
      if ("outside" in target) skip(written, `it is outside the project (imported by ${path})`);
      else await give(target.inside, path, depth + 1);
    }
  };

  if (sources.includes("user") && plan.userFile !== undefined) {
    const shown = shownPath(plan.userFile);
    const file = accept(await readOwnFile(plan.userFile, budget), shown, undefined);
    // The person's file sits beside Parley's settings and token: what it imports is named, not read.
    for (const written of file === undefined ? [] : instructionImports(file.text, MAX_IMPORTS))
      skip(written, `imports in ${shown} are not followed (only the project's files' are)`);
  }
  for (const { path, source } of named) {
    if (sources.includes(source)) await give(path, undefined, 0);
  }
  return { files, skipped };
}

/**
 * The system prompt section that gives the files to the model; undefined when there are none. Each file is
 * framed with its path so the model can name where an instruction comes from.
 */
export function instructionsPrompt(instructions: ProjectInstructions): string | undefined {
  if (instructions.files.length === 0) return undefined;
  const sections = instructions.files.map((file) => instructionSection(file));
  return [
    "The instruction files follow: the person's own for every project, if any, then the project's. They describe how to work in this project: follow them unless the person asks otherwise.",
    ...sections,
  ].join("\n\n");
}

/** One file framed with its path, and a line saying where it was cut, if it was. */
export function instructionSection(file: InstructionFile): string {
  const cut =
    file.givenBytes < file.bytes
      ? `\n[Cut here: ${neutralised(file.path)} is ${file.bytes} bytes; the first ${file.givenBytes} are given.]`
      : "";
  // The root's files in the system prompt and a subfolder's in a tool result alike: no file's text or
  // folder's name can close the frame and write one of its own.
  return `<instructions file=${quotedPath(file.path)}>\n${neutralised(file.text.trimEnd())}${cut}\n</instructions>`;
}
