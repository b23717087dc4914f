import { type ConfinedPath, confinePath } from "../permissions/confine-path.ts";
import {
  type FileIdentity,
  fileIdentity,
  openConfinedForRead,
  removeConfinedFile,
  writeConfinedFile,
} from "../tools/fs/confined-file.ts";
import { BINARY_SNIFF_BYTES, looksBinary } from "../tools/fs/text-content.ts";

/** Largest file whose content a checkpoint keeps; a larger one is named as not restorable. */
export const CHECKPOINT_MAX_FILE_BYTES = 1024 * 1024;

/** What a file held when a checkpoint first saw it change: its text, nothing, or something not kept. */
export type CheckpointSnapshot =
  | { kind: "text"; text: string }
  | { kind: "absent" }
  | { kind: "opaque"; reason: string };

/** A snapshot as a host may keep it: an opaque one without its reason (a server's database keeps none). */
export type KeptSnapshot = { kind: "text"; text: string } | { kind: "absent" } | { kind: "opaque" };

/**
 * A file as it is now, confined as the file tools confine it, and which file it is (to notice a swap or a
 * change made in place); no identity when nothing is there.
 */
export interface CurrentFile {
  confined: ConfinedPath;
  content: CheckpointSnapshot;
  identity?: FileIdentity;
}

/** Where the files are, as the file tools confine them. */
export interface CheckpointRoots {
  projectRoot: string;
  additionalRoots?: readonly string[];
}

/**
 * What `requested` holds now, confined as the file tools confine a write (its `relative` is the path
 * shown). Throws, as the tools refuse it, when it leaves the project or names a FIFO or a device.
 */
export async function readCurrentFile(roots: CheckpointRoots, requested: string): Promise<CurrentFile> {
  const confined = await confinePath(roots.projectRoot, requested, {
    intent: "write",
    additionalRoots: roots.additionalRoots ?? [],
  });
  return { confined, ...(await readCheckpointSnapshot(confined)) };
}

/**
 * What a confined path holds: text only when it is a regular file inside the project (checked through the
 * open handle), at most `CHECKPOINT_MAX_FILE_BYTES`, not binary (`looksBinary`, as the Read and Edit tools
 * tell) and UTF-8 that comes back byte for byte; else opaque with why. Throws when opening is refused.
 */
export async function readCheckpointSnapshot(
  confined: ConfinedPath,
): Promise<{ content: CheckpointSnapshot; identity?: FileIdentity }> {
  if (confined.kind === undefined) return { content: { kind: "absent" } };
  if (confined.kind === "directory") return { content: { kind: "opaque", reason: "a directory" } };
  const handle = await openConfinedForRead(confined, confined.relative).catch((error: unknown) => {
    // Deleted since it was confined: there is nothing to keep.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  });
  if (handle === undefined) return { content: { kind: "absent" } };
  try {
    const info = await handle.stat();
    const identity = fileIdentity(info);
    if (info.size > CHECKPOINT_MAX_FILE_BYTES) {
      const reason = `larger than ${CHECKPOINT_MAX_FILE_BYTES} bytes`;
      return { identity, content: { kind: "opaque", reason } };
    }
    const bytes = await handle.readFile();
    if (looksBinary(bytes.subarray(0, BINARY_SNIFF_BYTES)))
      return { identity, content: { kind: "opaque", reason: "not text" } };
    const text = bytes.toString("utf8");
    // Text that is not UTF-8 would not come back byte for byte.
    if (!Buffer.from(text, "utf8").equals(bytes))
      return { identity, content: { kind: "opaque", reason: "not UTF-8 text" } };
    return { identity, content: { kind: "text", text } };
  } finally {
    await handle.close();
  }
}

/** Whether two snapshots are known to hold the same content (opaque content never is). */
export function sameSnapshot(left: KeptSnapshot, right: KeptSnapshot): boolean {
  if (left.kind === "text" && right.kind === "text") return left.text === right.text;
  return left.kind === "absent" && right.kind === "absent";
}

/**
 * Puts a file back as `before` holds it: writes its text (creating it and its folders when it is gone) or
 * deletes it by its name under its folder held open, that very file only. Reads it again first and leaves
 * it, throwing an Error saying so, when it is no longer what `expected` found (the person saved it meanwhile);
 * the write and the delete then reach only the file read again, unchanged since (an editor's atomic save
 * renamed into place in between is left too). Throws too when it is no longer a regular file of the project.
 */
export async function restoreFile(
  roots: CheckpointRoots,
  path: string,
  before: Exclude<KeptSnapshot, { kind: "opaque" }>,
  expected: CurrentFile,
): Promise<void> {
  const now = await readCurrentFile(roots, path);
  if (now.confined.absolute !== expected.confined.absolute || !sameSnapshot(now.content, expected.content))
    throw new Error(`${path} changed while the rewind was being prepared; it was left as it is.`);
  if (before.kind === "text") {
    // Gone since it was confined: created anew, so a file that appears meanwhile is refused, not overwritten.
    const gone = now.confined.kind === "file" && now.identity === undefined;
    const confined = gone ? { ...now.confined, kind: undefined } : now.confined;
    await writeConfinedFile(confined, before.text, path, now.identity);
  }
  // Nothing there (never was, or gone since it was confined): nothing to delete.
  else if (now.identity !== undefined) await removeConfinedFile(now.confined, path, now.identity);
}
