import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { INSTRUCTION_FILES } from "./instruction-files.ts";

/** The first part of each instruction file's name (`.claude` for `.claude/CLAUDE.md`), in lower case. */
const NAMES = new Set(INSTRUCTION_FILES.map((file) => (file.path.split("/")[0] as string).toLowerCase()));

/**
 * Which of a project's folders hold none of the instruction files' names, remembered for a session: one
 * `readdir` tells, where reading the folder's files tried each name through confinement (a look-up per part
 * of its path), and most folders have none. What is remembered holds while the folder's modification time
 * does: a file created or renamed there since (by a Write, a Bash command, a pull) has it looked at again.
 */
export class InstructionFolders {
  /** Folders without the names, by root and folder, with the folder's modification time then. */
  readonly #without = new Map<string, number>();

  /** Whether the project-relative `folder` under `root` may hold an instruction file (names compared in any case). */
  async mayHoldFiles(root: string, folder: string): Promise<boolean> {
    const key = `${root}\0${folder}`;
    const path = join(root, folder);
    // Taken before the folder is read: a file created while it is read changes it again.
    // (Milliseconds with the nanoseconds as fraction: a bigint stat costs about twice as much.)
    const changed = (await stat(path).catch(() => undefined))?.mtimeMs;
    if (changed === undefined) return false;
    if (this.#without.get(key) === changed) return false;
    const entries = await readdir(path).catch(() => undefined);
    if (entries === undefined) return false;
    const holds = entries.some((entry) => NAMES.has(entry.toLowerCase()));
    if (holds) this.#without.delete(key);
    else this.#without.set(key, changed);
    return holds;
  }
}
