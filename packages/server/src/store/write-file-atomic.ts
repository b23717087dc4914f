import { closeSync, fsyncSync, openSync, renameSync, writeSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Writes a file so that after a crash it holds either the old or the new content: temp file, fsync,
 * rename, then fsync the directory (without which the rename itself may not be durable). `durable: false`
 * skips both fsyncs, for a file that means nothing after a power loss (a running server's address): readers
 * still see the old or the new content, never half of one.
 */
export function writeFileAtomic(file: string, content: string, mode: number, { durable = true } = {}): void {
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = openSync(temporary, "w", mode);
  try {
    writeSync(handle, content);
    if (durable) fsyncSync(handle);
  } finally {
    closeSync(handle);
  }
  renameSync(temporary, file);
  if (!durable) return;
  const directory = openSync(dirname(file), "r");
  try {
    fsyncSync(directory);
  } finally {
    closeSync(directory);
  }
}
