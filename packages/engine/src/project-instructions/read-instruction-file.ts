import { constants, type Stats } from "node:fs";
import { type FileHandle, lstat, open } from "node:fs/promises";
import { homedir } from "node:os";
import { isAbsolute, relative } from "node:path";
import { confinePath } from "../permissions/confine-path.ts";
import { PathConfinementError } from "../permissions/path-confinement-error.ts";
import { type RuleFile, ruleFileOf } from "../permissions/rule-path.ts";
import { openConfinedForRead } from "../tools/fs/confined-file.ts";
import { withoutHiddenText } from "../util/hidden-text.ts";
import { MAX_IMPORT_SEGMENTS } from "./instruction-files.ts";
import type { InstructionFile } from "./read-project-instructions.ts";

/** What reading one instruction file came to: the file, why it was not read, or nothing there. */
export type ReadOutcome =
  | {
      file: InstructionFile;
      /** Device and inode: the same file by any name. */
      identity: string;
      /** Bytes of the budget used. */
      consumed: number;
    }
  | { reason: string }
  | undefined;

/** What decides whether a project file is read: the `Read` rules, and the paths given already. */
export interface ReadRulesPlan {
  excluded: ((file: RuleFile) => boolean) | undefined;
  /** Whether a file read under its own name is held to the rules too (an import always is). */
  holdNamedToRules: boolean;
  given: ReadonlySet<string>;
}

/**
 * A project file, confined as the file tools read (a symlink out and a FIFO are reasons), within `budget`
 * bytes; nothing when it is not there or was given already under the name it leads to.
 */
export async function readInstructionFile(
  root: string,
  path: string,
  budget: number,
  plan: ReadRulesPlan,
  imported: boolean,
): Promise<ReadOutcome> {
  // Confining a long made-up path walks it part by part, a look-up each: an import's path is anyone's words.
  // A named file's folder is one the agent reached (the nested reader skips folders too deep to matter).
  if (imported && path.split("/").length > MAX_IMPORT_SEGMENTS)
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
export async function readOwnFile(absolute: string, budget: number): Promise<ReadOutcome> {
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
    // A byte order mark says how the file is encoded, not what it says; invisible text is not given to the model.
    const text = withoutHiddenText(given.toString("utf8"));
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
export function shownPath(absolute: string): string {
  const below = relative(homedir(), absolute);
  return below !== "" && !below.startsWith("..") && !isAbsolute(below) ? `~/${below}` : absolute;
}

/** Device and inode of the regular file at `path` (not a symlink), or undefined when there is none. */
export async function regularFileIdentity(path: string): Promise<string | undefined> {
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
