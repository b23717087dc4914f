import type { ProjectStructureProblem, ProjectStructureProblemReason } from "@parley/protocol";

/** Problems a structure lists at most; past this they are counted. */
export const MAX_LISTED_PROBLEMS = 100;

/**
 * What a supervisor hears while a structure is built: the file being read and worked on now (undefined
 * between files), and each file read with its size.
 */
export type FileProgress =
  | { type: "working"; path: string | undefined }
  | { type: "read"; path: string; bytes: number };

/**
 * What a structure generator says about the files it reads: the one it is working on now and those it has
 * read, so a supervisor that stops it past its time or memory budget can name a file, and each file it
 * could not use, so no file is left out silently. Files an earlier attempt was stopped on come in as known
 * problems and are not read again.
 */
export class FileReport {
  readonly #problems: ProjectStructureProblem[] = [];
  readonly #stoppedOn: Set<string>;
  #omitted = 0;
  #current: string | undefined;

  constructor(
    private readonly onProgress: (progress: FileProgress) => void = () => {},
    known: readonly ProjectStructureProblem[] = [],
  ) {
    for (const problem of known) this.#add(problem);
    this.#stoppedOn = new Set(known.map((problem) => problem.path));
  }

  /** Marks `path` (project-relative) as the file being read and worked on, until the next call. */
  working(path: string | undefined): void {
    this.#current = path;
    this.onProgress({ type: "working", path });
  }

  /** Records that `path` (project-relative) was read: `bytes` long. */
  read(path: string, bytes: number): void {
    this.onProgress({ type: "read", path, bytes });
  }

  /** The file being worked on, if any. */
  get current(): string | undefined {
    return this.#current;
  }

  /** False for a file an earlier attempt was stopped on. */
  mayRead(path: string): boolean {
    return !this.#stoppedOn.has(path);
  }

  /** Records that the file at `path` (project-relative; "" for the whole project) could not be used. */
  problem(path: string, reason: ProjectStructureProblemReason, message: string): void {
    this.#add({ path, reason, message });
  }

  /** The fields a ProjectStructure carries for these problems (none when there are none). */
  fields(): { problems?: ProjectStructureProblem[]; omitted_problem_count?: number } {
    return {
      ...(this.#problems.length > 0 && { problems: [...this.#problems] }),
      ...(this.#omitted > 0 && { omitted_problem_count: this.#omitted }),
    };
  }

  #add(problem: ProjectStructureProblem): void {
    if (this.#problems.length < MAX_LISTED_PROBLEMS) this.#problems.push(problem);
    else this.#omitted++;
  }
}
