import type { Dirent } from "node:fs";
import { opendir } from "node:fs/promises";

/**
 * The first `limit` entries of a folder (in the order the file system gives them), read a batch at a time and
 * stopped there: a whole `readdir` of a folder of 500,000 entries, sorted, held the event loop for seconds.
 * Whether there were more is said, so a reader can name what it left. A folder that cannot be read has none.
 */
export async function listFolder(
  absolute: string,
  limit: number,
): Promise<{ entries: Dirent[]; more: boolean }> {
  const entries: Dirent[] = [];
  try {
    const folder = await opendir(absolute, { bufferSize: 128 });
    for await (const entry of folder) {
      if (entries.length >= limit) return { entries, more: true };
      entries.push(entry);
    }
  } catch {
    // Gone, not a folder, or not readable: nothing in it is offered.
  }
  return { entries, more: false };
}
