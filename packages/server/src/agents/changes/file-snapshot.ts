import { constants } from "node:fs";
import { lstat, open, realpath } from "node:fs/promises";
import { isInside } from "@parley/engine";
import type { FileSnapshot } from "../../store/change-baseline-store.ts";

/** Largest file whose content is kept to diff (and to rewind); bigger files are opaque. */
export const CHANGE_MAX_FILE_BYTES = 1024 * 1024;

/**
 * Reads a file's text without following a symlink in its last name or blocking on a FIFO, and only when
 * the file opened is still the regular file inside the project the path names (a swapped-in symlink must
 * not bring an outside file's content into a report).
 */
export async function readSnapshot(root: string, absolute: string): Promise<FileSnapshot> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(absolute, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const stat = await handle.stat();
    if (!stat.isFile() || stat.size > CHANGE_MAX_FILE_BYTES) return { kind: "opaque" };
    const real = await realpath(absolute);
    const named = await lstat(real);
    if (!isInside(root, real) || named.ino !== stat.ino || named.dev !== stat.dev) return { kind: "opaque" };
    const buffer = await handle.readFile();
    if (buffer.includes(0)) return { kind: "opaque" };
    const text = buffer.toString("utf8");
    // Text that is not UTF-8 would not come back byte for byte from a rewind.
    return Buffer.from(text, "utf8").equals(buffer) ? { kind: "text", text } : { kind: "opaque" };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { kind: "absent" };
    return { kind: "opaque" };
  } finally {
    await handle?.close();
  }
}

/** Whether two snapshots are known to hold the same content (opaque content never is). */
export function sameSnapshot(left: FileSnapshot, right: FileSnapshot): boolean {
  if (left.kind === "text" && right.kind === "text") return left.text === right.text;
  // Opaque content cannot be compared; a file that was and stayed opaque still counts as changed.
  return left.kind === right.kind && left.kind === "absent";
}
