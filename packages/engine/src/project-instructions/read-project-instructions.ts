import { constants, type Stats } from "node:fs";
import { type FileHandle, lstat, open } from "node:fs/promises";
import { homedir } from "node:os";
import { isAbsolute, join, posix, relative } from "node:path";
import { confinePath } from "../permissions/confine-path.ts";
import { PathConfinementError } from "../permissions/path-confinement-error.ts";
import type { PermissionRule } from "../permissions/permission-rule.ts";
import { searchExclusion } from "../permissions/read-rules.ts";
import { type RuleFile, ruleFileOf } from "../permissions/rule-path.ts";
import { openConfinedForRead } from "../tools/fs/confined-file.ts";
import {
  INSTRUCTION_FILES,
  type InstructionSource,
  MAX_IMPORT_DEPTH,
  MAX_IMPORT_SEGMENTS,
  MAX_IMPORTS,
  MAX_INSTRUCTIONS_BYTES,
} from "./instruction-files.ts";
import { importTarget, instructionImports } from "./instruction-imports.ts";

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

/**
 * An instruction file not given, with why: one that is there and was not read (a symlink out of the project,
 * a FIFO, past the budget), or an import that was not followed (out of the project, kept from reads by a
 * permission rule, past the number followed), named as the import wrote it.
 */
export interface SkippedInstructionFile {
  path: string;
  /** Why, as a clause without a final full stop: "it is a symlink to a place outside the project". */
  reason: string;
}

/** What a run is given of the project's instruction files. */
export interface ProjectInstructions {
  files: InstructionFile[];
  skipped: SkippedInstructionFile[];
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
interface ReadPlan {
  /** Project-relative folder (posix) whose `INSTRUCTION_FILES` are read; "" for the root. */
  folder: string;
  /** Bytes of text that may be given. */
  budget: number;
  /** Why a file past the budget is not given, as a clause. */
  outOfBudget: string;
  /** What a `Read` deny or ask rule keeps from the agent. */
  excluded: ((file: RuleFile) => boolean) | undefined;
  /** Whether the named files are held to the rules too (a subfolder's are, as the agent's reads there are). */
  holdNamedToRules: boolean;
  /** Project-relative paths given before (by name or where they lead): not given again. */
  given: ReadonlySet<string>;
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
  const skipped: SkippedInstructionFile[] = [];
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
    // Shown in Settings and printed by `parley run`: no control character of a repository's reaches a terminal.
    const [path, reason] = [named, why].map((text) => text.replace(/\p{Cc}/gu, "\uFFFD")) as [string, string];
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
export function instructionSection(file: InstructionFile, text = file.text): string {
  const cut =
    file.givenBytes < file.bytes
      ? `\n[Cut here: ${file.path} is ${file.bytes} bytes; the first ${file.givenBytes} are given.]`
      : "";
  return `<instructions file="${file.path}">\n${text.trimEnd()}${cut}\n</instructions>`;
}

type ReadOutcome =
  | {
      file: InstructionFile;
      /** Device and inode: the same file by any name. */
      identity: string;
      /** Bytes of the budget used. */
      consumed: number;
    }
  | { reason: string }
  | undefined;

async function readInstructionFile(
  root: string,
  path: string,
  budget: number,
  plan: Pick<ReadPlan, "excluded" | "holdNamedToRules" | "given">,
  imported: boolean,
): Promise<ReadOutcome> {
  // Confining a long made-up path walks it part by part, a look-up each.
  if (path.split("/").length > MAX_IMPORT_SEGMENTS)
    return { reason: `its path has more than ${MAX_IMPORT_SEGMENTS} parts` };
  try {
    const confined = await confinePath(root, path, { intent: "read" });
    if (confined.kind !== "file" || plan.given.has(confined.relative)) return undefined;
    // A root file is read whatever the rules, under its own name: one that leads elsewhere (a committed
    // `CLAUDE.md` symlink to `.env`) is held to them as an import is.
    const held = imported || plan.holdNamedToRules || confined.relative !== path;
    if (held && plan.excluded?.(ruleFileOf(confined)))
      return { reason: "a Read rule in the permission settings keeps it from the agent" };
    return await readOpened(await openConfinedForRead(confined, path), path, budget);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR" || code === "ENAMETOOLONG") return undefined;
    if (error instanceof PathConfinementError && error.rule === "symlink-outside")
      return { reason: "it is a symlink to a place outside the project" };
    return { reason: (error as Error).message.replace(/[.\s]+$/, "") };
  }
}

/** The person's own file: opened wherever it links to, never waiting on a FIFO. */
async function readOwnFile(absolute: string, budget: number): Promise<ReadOutcome> {
  const shown = shownPath(absolute);
  try {
    const handle = await open(absolute, constants.O_RDONLY | constants.O_NONBLOCK);
    const stats = await handle.stat().catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    if (!stats.isFile()) {
      await handle.close();
      return { reason: "it is not a regular file" };
    }
    return await readOpened(handle, shown, budget, stats);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    return { reason: (error as Error).message.replace(/[.\s]+$/, "") };
  }
}

/** Reads an open instruction file within `budget` bytes (its `stats` if already taken), and closes it. */
async function readOpened(
  handle: FileHandle,
  path: string,
  budget: number,
  stats?: Stats,
): Promise<ReadOutcome> {
  try {
    const { size, dev, ino } = stats ?? (await handle.stat());
    const wanted = Math.min(size, Math.max(budget, 0));
    const buffer = Buffer.alloc(wanted);
    const { bytesRead } = wanted === 0 ? { bytesRead: 0 } : await handle.read(buffer, 0, wanted, 0);
    const given = wholeCharacters(buffer.subarray(0, bytesRead), bytesRead < size);
    // A byte order mark says how the file is encoded, not what it says.
    const text = given.toString("utf8").replace(/^\uFEFF/, "");
    return {
      identity: `${dev}:${ino}`,
      consumed: bytesRead,
      file: { path, bytes: size, givenBytes: given.length, text, duplicates: [] },
    };
  } finally {
    await handle.close();
  }
}

/** A path as a person reads it: under their home directory as `~/…`. */
function shownPath(absolute: string): string {
  const below = relative(homedir(), absolute);
  return below !== "" && !below.startsWith("..") && !isAbsolute(below) ? `~/${below}` : absolute;
}

/** Device and inode of the regular file at `path` (not a symlink), or undefined when there is none. */
async function regularFileIdentity(path: string): Promise<string | undefined> {
  try {
    const found = await lstat(path);
    return found.isFile() ? `${found.dev}:${found.ino}` : undefined;
  } catch {
    return undefined;
  }
}

/** `bytes` without a UTF-8 sequence cut at its end, when it was cut. */
function wholeCharacters(bytes: Buffer, cut: boolean): Buffer {
  if (!cut) return bytes;
  let end = bytes.length;
  // Step back over continuation bytes to the start of the last character, and drop it if incomplete.
  let start = end - 1;
  while (start > 0 && start > end - 4 && ((bytes[start] as number) & 0xc0) === 0x80) start--;
  const lead = bytes[start] as number;
  const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  if (start + length > end) end = start;
  return bytes.subarray(0, end);
}
