import { closeSync, fsyncSync, openSync, renameSync, writeSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Writes a file so that after a crash it holds either the old or the new content: temp file, fsync,
 * rename, then fsync the directory (without which the rename itself may not be durable).
 */
export function writeFileAtomic(file: string, content: string, mode: number): void {
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = openSync(temporary, "w", mode);
  try {
    writeSync(handle, content);
    fsyncSync(handle);
  } finally {
    closeSync(handle);
  }
  renameSync(temporary, file);
  const directory = openSync(dirname(file), "r");
  try {
    fsyncSync(directory);
  } finally {
    closeSync(directory);
  }
}
