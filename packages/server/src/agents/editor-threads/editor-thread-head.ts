import { closeSync, openSync, readSync } from "node:fs";
import { open } from "node:fs/promises";

/**
 * What marks an editor's thread among the conversations in `PARLEY_HOME/cli-sessions`: `parley acp` writes
 * `origin` before the history, so a file's first bytes tell an editor's thread from a `parley run` one.
 */
export const EDITOR_THREAD_MARK = '"origin":"acp"';

/** How many of a thread file's first bytes hold its id, folder, time and origin. */
const HEAD_BYTES = 8192;

/** The first bytes of a file, where a thread file's id, folder, time and origin are. */
export async function threadFileHead(file: string): Promise<string> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).toString("utf8");
  } finally {
    await handle.close();
  }
}

/** `threadFileHead` without waiting (a server's start deciding what to load); empty when it cannot be read. */
export function threadFileHeadSync(file: string): string {
  const buffer = Buffer.alloc(HEAD_BYTES);
  let descriptor: number | undefined;
  try {
    descriptor = openSync(file, "r");
    return buffer.toString("utf8", 0, readSync(descriptor, buffer, 0, buffer.length, 0));
  } catch {
    return "";
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}
