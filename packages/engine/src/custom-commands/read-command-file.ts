import { constants } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { confinePath } from "../permissions/confine-path.ts";
import { PathConfinementError } from "../permissions/path-confinement-error.ts";
import { type RuleFile, ruleFileOf, writtenRuleFile } from "../permissions/rule-path.ts";
import { openConfinedForRead } from "../tools/fs/confined-file.ts";
import { withoutHiddenText } from "../util/hidden-text.ts";

/** The largest command file read: a prompt is a page of Markdown, not a data set. */
export const MAX_COMMAND_FILE_BYTES = 64 * 1024;

/** A command file's text, or why it was not read. */
export type CommandFileOutcome = { text: string } | { reason: string };

/**
 * A project's command file, confined as the file tools read it: a symlink out of the project, a FIFO or a
 * device is a reason, and what was opened is checked to be the file that was confined. A file the `Read`
 * rules keep from the agent (`excluded`) is not read.
 */
export async function readProjectCommandFile(
  root: string,
  path: string,
  excluded?: (file: RuleFile) => boolean,
): Promise<CommandFileOutcome> {
  try {
    const confined = await confinePath(root, path, { intent: "read" });
    if (confined.kind !== "file") return { reason: "it is not a regular file" };
    // Held to the `Read` rules by where it leads and by its name: `review.md -> ../../.env` is `.env`.
    if (excluded?.(ruleFileOf(confined)) || excluded?.(writtenRuleFile(root, path)))
      return { reason: "a Read rule in the permission settings keeps it from the agent" };
    return await readWithin(await openConfinedForRead(confined, path));
  } catch (error) {
    if (error instanceof PathConfinementError && error.rule === "symlink-outside")
      return { reason: "it is a symlink to a place outside the project" };
    return { reason: (error as Error).message.replace(/[.\s]+$/, "") };
  }
}

/** The person's own command file: opened wherever it links to, never waiting on a FIFO. */
export async function readOwnCommandFile(absolute: string): Promise<CommandFileOutcome> {
  try {
    return await readWithin(await open(absolute, constants.O_RDONLY | constants.O_NONBLOCK));
  } catch (error) {
    return { reason: (error as Error).message.replace(/[.\s]+$/, "") };
  }
}

/** Reads an open file whole when it is a regular file within the size cap, and closes it. */
async function readWithin(handle: FileHandle): Promise<CommandFileOutcome> {
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return { reason: "it is not a regular file" };
    if (stats.size > MAX_COMMAND_FILE_BYTES)
      return { reason: `it is larger than ${MAX_COMMAND_FILE_BYTES / 1024} KiB` };
    const buffer = Buffer.alloc(stats.size);
    const { bytesRead } = stats.size === 0 ? { bytesRead: 0 } : await handle.read(buffer, 0, stats.size, 0);
    // Invisible text (and a byte order mark) is not given to the model: it reads the prompt the person sees.
    return {
      text: withoutHiddenText(buffer.subarray(0, bytesRead).toString("utf8")),
    };
  } finally {
    await handle.close();
  }
}
