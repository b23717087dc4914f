import { type ConfinedPath, confinePath, removeConfinedFile, writeConfinedFile } from "@parley/engine";
import type { FileSnapshot } from "../../store/change-baseline-store.ts";
import { readSnapshot } from "../changes/file-snapshot.ts";

/** Where a kept path is now and what it holds, or why a rewind must not write it. */
export type RestoreTarget =
  | { kind: "writable"; confined: ConfinedPath; current: FileSnapshot }
  | { kind: "refused"; reason: string };

/**
 * Confines a path kept in the database again, as the file tools confine what they write: a path that now
 * leaves the project through a symlink, or names a FIFO, a device or a directory, is refused; so is one that
 * now reaches another file of the project through a symlink (a rewind puts back the file itself only).
 */
export async function locateRestoreTarget(projectRoot: string, path: string): Promise<RestoreTarget> {
  let confined: ConfinedPath;
  try {
    confined = await confinePath(projectRoot, path, { intent: "write" });
  } catch (error) {
    return { kind: "refused", reason: error instanceof Error ? error.message : String(error) };
  }
  if (confined.relative !== path) {
    return {
      kind: "refused",
      reason: `it now leads to ${confined.relative} through a symlink; only the file itself is put back`,
    };
  }
  if (confined.kind === "directory") return { kind: "refused", reason: "it is a directory now" };
  const current =
    confined.kind === undefined
      ? { kind: "absent" as const }
      : await readSnapshot(confined.root, confined.absolute);
  return { kind: "writable", confined, current };
}

/**
 * Puts a file back as `before` holds it: writes its text (creating it and its folders when it is gone) or
 * deletes it when it did not exist. Throws an Error saying why when it is no longer a regular file of the
 * project where it was (the caller checks its content just before).
 */
export async function putBack(confined: ConfinedPath, path: string, before: FileSnapshot): Promise<void> {
  if (before.kind === "text") {
    await writeConfinedFile(confined, before.text, path);
    return;
  }
  if (before.kind !== "absent" || confined.kind === undefined) return;
  // By its name in its folder held open: a folder swapped for a symlink meanwhile cannot send it elsewhere.
  await removeConfinedFile(confined, path);
}
