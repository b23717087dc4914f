import { confinePath } from "../permissions/confine-path.ts";
import { PathConfinementError } from "../permissions/path-confinement-error.ts";
import { openConfinedForRead } from "../tools/fs/confined-file.ts";
import {
  INSTRUCTION_FILES,
  type InstructionSource,
  MAX_IMPORTS,
  MAX_INSTRUCTIONS_BYTES,
} from "./instruction-files.ts";
import { importTarget, instructionImports, MAX_IMPORT_DEPTH } from "./instruction-imports.ts";

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

/** An instruction file that is there and was not read, with why (a symlink out of the project, a FIFO). */
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

/**
 * Reads the project's instruction files of the given sources (`INSTRUCTION_FILES`), and the files they
 * import with `@path` (`instruction-imports.ts`), each after the file that imports it, confined as the file
 * tools read: an import out of the project, a symlink out of it, a FIFO or a device is skipped and named
 * (the project's Read deny rules are not consulted, as no peer does for its instruction files). Never more
 * than `MAX_INSTRUCTIONS_BYTES` in all, nor more than `MAX_IMPORTS` imports followed. A file that is the
 * same file as one read before, or has its text, is given once and listed in that one's `duplicates` (an
 * import of a file already given is just not given again); a blank file is left out.
 */
export async function readProjectInstructions(
  projectRoot: string,
  sources: readonly InstructionSource[],
): Promise<ProjectInstructions> {
  const files: InstructionFile[] = [];
  const skipped: SkippedInstructionFile[] = [];
  const absolutes = new Map<string, InstructionFile>();
  let budget = MAX_INSTRUCTIONS_BYTES;
  let importsLeft = MAX_IMPORTS;
  // An import does not bring in a named file of a source the run was not given (CLAUDE.local.md).
  const unwanted = new Set(
    INSTRUCTION_FILES.filter((file) => !sources.includes(file.source)).map((file) => file.path),
  );

  const give = async (path: string, importedBy: string | undefined, depth: number): Promise<void> => {
    const by = importedBy === undefined ? "" : ` (imported by ${importedBy})`;
    const read = await readInstructionFile(projectRoot, path, budget);
    if (read === undefined) return;
    if ("reason" in read) {
      skipped.push({ path, reason: `${read.reason}${by}` });
      return;
    }
    const sameFile = absolutes.get(read.absolute);
    if (sameFile !== undefined) {
      if (importedBy === undefined && sameFile.path !== path) sameFile.duplicates.push(path);
      return;
    }
    const sameText = files.find((file) => file.text === read.file.text && file.text !== "");
    if (sameText !== undefined) {
      sameText.duplicates.push(path);
      return;
    }
    if (read.file.bytes > 0 && read.file.givenBytes === 0) {
      const kib = MAX_INSTRUCTIONS_BYTES / 1024;
      skipped.push({ path, reason: `the files before it used the ${kib} KiB given to instructions${by}` });
      return;
    }
    if (read.file.text.trim() === "") return;
    const file: InstructionFile = { ...read.file, ...(importedBy !== undefined && { importedBy }) };
    absolutes.set(read.absolute, file);
    files.push(file);
    budget -= read.consumed;
    if (depth === MAX_IMPORT_DEPTH) return;
    for (const written of instructionImports(file.text)) {
      if (importsLeft === 0) {
        skipped.push({
          path: written,
          reason: `only ${MAX_IMPORTS} imports are followed (imported by ${path})`,
        });
        return;
      }
      importsLeft--;
      const target = importTarget(projectRoot, path, written);
      if ("outside" in target) {
        skipped.push({ path: written, reason: `it is outside the project (imported by ${path})` });
      } else if (!unwanted.has(target.inside)) {
        await give(target.inside, path, depth + 1);
      }
    }
  };

  for (const { path, source } of INSTRUCTION_FILES) {
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
  const sections = instructions.files.map((file) => {
    const cut =
      file.givenBytes < file.bytes
        ? `\n[Cut here: ${file.path} is ${file.bytes} bytes; the first ${file.givenBytes} are given.]`
        : "";
    return `<instructions file="${file.path}">\n${file.text.trimEnd()}${cut}\n</instructions>`;
  });
  return [
    "The project's instruction files follow. They describe how to work in this project: follow them unless the person asks otherwise.",
    ...sections,
  ].join("\n\n");
}

type ReadOutcome =
  | { file: InstructionFile; absolute: string /** Bytes of the budget used. */; consumed: number }
  | { reason: string }
  | undefined;

async function readInstructionFile(root: string, path: string, budget: number): Promise<ReadOutcome> {
  try {
    const confined = await confinePath(root, path, { intent: "read" });
    if (confined.kind !== "file") return undefined;
    const handle = await openConfinedForRead(confined, path);
    try {
      const { size } = await handle.stat();
      const wanted = Math.min(size, Math.max(budget, 0));
      const buffer = Buffer.alloc(wanted);
      const { bytesRead } = wanted === 0 ? { bytesRead: 0 } : await handle.read(buffer, 0, wanted, 0);
      const given = wholeCharacters(buffer.subarray(0, bytesRead), bytesRead < size);
      // A byte order mark says how the file is encoded, not what it says.
      const text = given.toString("utf8").replace(/^\uFEFF/, "");
      return {
        absolute: confined.absolute,
        consumed: bytesRead,
        file: { path, bytes: size, givenBytes: given.length, text, duplicates: [] },
      };
    } finally {
      await handle.close();
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    if (error instanceof PathConfinementError && error.rule === "symlink-outside")
      return { reason: "it is a symlink to a place outside the project" };
    return { reason: (error as Error).message.replace(/[.\s]+$/, "") };
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
