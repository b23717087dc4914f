import { confinePath } from "../permissions/confine-path.ts";
import { PathConfinementError } from "../permissions/path-confinement-error.ts";
import { openConfinedForRead } from "../tools/fs/confined-file.ts";
import { INSTRUCTION_FILES, type InstructionSource, MAX_INSTRUCTIONS_BYTES } from "./instruction-files.ts";

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
 * Reads the project's instruction files of the given sources (`INSTRUCTION_FILES`), confined as the file
 * tools read (a symlink out of the project, a FIFO or a device is skipped and named; the project's Read deny
 * rules are not consulted, as no peer does for its instruction files), never more than
 * `MAX_INSTRUCTIONS_BYTES` in all. A file that is the same file as one read before, or has its text, is
 * given once and listed in that one's `duplicates`; a blank file is left out.
 */
export async function readProjectInstructions(
  projectRoot: string,
  sources: readonly InstructionSource[],
): Promise<ProjectInstructions> {
  const files: InstructionFile[] = [];
  const skipped: SkippedInstructionFile[] = [];
  const absolutes = new Map<string, InstructionFile>();
  let budget = MAX_INSTRUCTIONS_BYTES;
  for (const { path, source } of INSTRUCTION_FILES) {
    if (!sources.includes(source)) continue;
    const read = await readInstructionFile(projectRoot, path, budget);
    if (read === undefined) continue;
    if ("reason" in read) {
      skipped.push({ path, reason: read.reason });
      continue;
    }
    const same =
      absolutes.get(read.absolute) ?? files.find((file) => file.text === read.file.text && file.text !== "");
    if (same !== undefined) {
      same.duplicates.push(path);
      continue;
    }
    if (read.file.bytes > 0 && read.file.givenBytes === 0) {
      const kib = MAX_INSTRUCTIONS_BYTES / 1024;
      skipped.push({ path, reason: `the files before it used the ${kib} KiB given to instructions` });
      continue;
    }
    if (read.file.text.trim() === "") continue;
    absolutes.set(read.absolute, read.file);
    files.push(read.file);
    budget -= read.consumed;
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
