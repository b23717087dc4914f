import { constants } from "node:fs";
import { type FileHandle, lstat, mkdir, open, readlink, realpath, stat, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { type ConfinedPath, isInside } from "../../permissions/confine-path.ts";

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW, O_NONBLOCK, O_DIRECTORY } = constants;

/**
 * Which file a path led to (device and inode) and how it was then (size, modification time), so a write
 * or a delete reaches that very file only, unchanged since it was read: not one renamed into its place (an
 * editor's atomic save) nor one changed in place.
 */
export interface FileIdentity {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
}

/** The identity of a file as `stat` or `lstat` describes it. */
export function fileIdentity(info: FileIdentity): FileIdentity {
  return { dev: info.dev, ino: info.ino, size: info.size, mtimeMs: info.mtimeMs };
}

function sameIdentity(info: FileIdentity, expected: FileIdentity): boolean {
  return (
    info.dev === expected.dev &&
    info.ino === expected.ino &&
    info.size === expected.size &&
    info.mtimeMs === expected.mtimeMs
  );
}

/**
 * Opens a confined file for reading without following a symlink in its last name, without blocking on a
 * FIFO, and checks after opening that what was opened is a regular file still inside the project (a
 * symlink swapped in between the check and the open is caught here).
 */
export async function openConfinedForRead(confined: ConfinedPath, shownPath: string): Promise<FileHandle> {
  const handle = await openNoFollow(confined.absolute, O_RDONLY | O_NOFOLLOW | O_NONBLOCK, shownPath);
  try {
    await verifyOpened(handle, confined, shownPath);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * Writes `content` to a confined path, creating missing folders and the file: opens without following a
 * symlink in the last name and without truncating, checks that the open file is a regular file inside the
 * project with no other hard links, and only then replaces its content. When `expected` is given, only that
 * very file unchanged (see `FileIdentity`), else it throws saying it was left. Returns whether it was created.
 */
export async function writeConfinedFile(
  confined: ConfinedPath,
  content: string,
  shownPath: string,
  expected?: FileIdentity,
): Promise<{ created: boolean }> {
  const creating = confined.kind === undefined;
  if (confined.kind === "directory") throw new Error(`${shownPath} is a directory, not a file.`);
  if (creating) await mkdir(dirname(confined.absolute), { recursive: true });
  const flags = O_WRONLY | O_NOFOLLOW | O_NONBLOCK | (creating ? O_CREAT | O_EXCL : 0);
  const handle = await openNoFollow(confined.absolute, flags, shownPath);
  try {
    const info = await verifyOpened(handle, confined, shownPath, { removeIfOutside: creating });
    if (info.nlink > 1) {
      throw new Error(
        `${shownPath} has ${info.nlink} hard links; writing it would also change the other links, which may be outside the project.`,
      );
    }
    if (expected !== undefined && !sameIdentity(info, expected))
      throw new Error(`${shownPath} changed while it was being written; it was left as it is.`);
    await handle.truncate(0);
    await handle.writeFile(content, "utf8");
    return { created: creating };
  } finally {
    await handle.close();
  }
}

/**
 * Deletes a confined file by its name in its folder, the folder held open (as `unlinkat` would): its real
 * location is checked through the open handle (`/proc/self/fd`), so renaming or swapping a folder above it
 * for a symlink cannot send the delete out of the project. Only a regular file is deleted, and when
 * `expected` is given only that very file unchanged (see `FileIdentity`), else it throws saying it was left.
 */
export async function removeConfinedFile(
  confined: ConfinedPath,
  shownPath: string,
  expected?: FileIdentity,
): Promise<void> {
  const folder = dirname(confined.absolute);
  const name = basename(confined.absolute);
  const left = () => new Error(`${shownPath} changed while it was being removed; it was left in place.`);
  const handle = await open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK).catch(() => {
    throw left();
  });
  try {
    const held = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined);
    // Without /proc (not Linux) the folder is found again by its path, as `openedLocation` does.
    const location = held ?? (await realpath(folder).catch(() => undefined));
    if (location !== folder || !isInside(confined.root, location)) throw left();
    const entry = join(held === undefined ? folder : `/proc/self/fd/${handle.fd}`, name);
    const info = await lstat(entry);
    if (!info.isFile() || (expected !== undefined && !sameIdentity(info, expected))) throw left();
    await unlink(entry);
  } finally {
    await handle.close();
  }
}

async function openNoFollow(path: string, flags: number, shownPath: string): Promise<FileHandle> {
  try {
    return await open(path, flags, 0o666);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP")
      throw new Error(`${shownPath} became a symlink while it was being opened; refused.`);
    if (code === "EEXIST")
      throw new Error(`${shownPath} was created by something else meanwhile; try again.`);
    if (code === "ENXIO") throw new Error(`${shownPath} is a FIFO or socket; refused.`);
    if (code === "EISDIR") throw new Error(`${shownPath} is a directory, not a file.`);
    throw error;
  }
}

async function verifyOpened(
  handle: FileHandle,
  confined: ConfinedPath,
  shownPath: string,
  options: { removeIfOutside?: boolean } = {},
) {
  const info = await handle.stat();
  const location = await openedLocation(handle, confined.absolute);
  if (location === undefined || !isInside(confined.root, location)) {
    if (options.removeIfOutside && location !== undefined) await unlink(location).catch(() => {});
    throw new Error(`${shownPath} moved outside the project while it was being opened; refused.`);
  }
  if (!info.isFile()) throw new Error(`${shownPath} is not a regular file; refused.`);
  return info;
}

/** Where an open file really is: `/proc/self/fd` on Linux, else the path re-resolved and matched by inode. */
async function openedLocation(handle: FileHandle, absolute: string): Promise<string | undefined> {
  try {
    return await readlink(`/proc/self/fd/${handle.fd}`);
  } catch {
    try {
      const [opened, real] = [await handle.stat(), await realpath(absolute)];
      const current = await stat(real);
      return current.ino === opened.ino && current.dev === opened.dev ? real : undefined;
    } catch {
      return undefined;
    }
  }
}
