import ignore, { type Ignore } from "ignore";
import { ALWAYS_EXCLUDED } from "./excluded-patterns.ts";
import type { FileReport } from "./file-report.ts";
import { readProjectFile } from "./read-project-file.ts";

/** Largest `.gitignore` (or `.git/info/exclude`) read. */
export const MAX_IGNORE_FILE_BYTES = 256 * 1024;
/** Patterns in force at once along a path: every path is tested against each of them. */
export const MAX_PATTERNS_IN_FORCE = 2_000;
/** `**` in one pattern at most: the `ignore` library backtracks exponentially in their number. */
export const MAX_GLOBSTARS = 3;

/** The rules of one `.gitignore`, which apply below the folder it sits in. */
interface Rules {
  /** Project-relative folder, "" for the root. */
  base: string;
  matcher: Ignore;
}

/**
 * Decides which project paths a walk leaves out: `.git`, `node_modules`, the user's patterns, and every
 * `.gitignore` (and `.git/info/exclude`) on the way down, with git's semantics from the `ignore` library.
 * A repository is untrusted, so what a walk costs is bounded: a rules file past `MAX_IGNORE_FILE_BYTES`,
 * one that would bring the patterns in force past `MAX_PATTERNS_IN_FORCE`, and a pattern with more than
 * `MAX_GLOBSTARS` `**` are not applied, and the report says so.
 */
export class ProjectIgnore {
  readonly #stack: Rules[];
  readonly #patterns: number;
  readonly #fixed: Ignore = ignore().add([...ALWAYS_EXCLUDED]);

  private constructor(stack: Rules[], patterns: number) {
    this.#stack = stack;
    this.#patterns = patterns;
  }

  /** The root rules: the fixed names, the user's patterns and `.git/info/exclude` when present. */
  static async forRoot(
    root: string,
    patterns: readonly string[],
    report: FileReport,
  ): Promise<ProjectIgnore> {
    const given = usablePatterns(patterns, (count) =>
      report.problem("", "too_complex", excessMessage("exclude pattern", count)),
    );
    const matcher = ignore().add([...ALWAYS_EXCLUDED, ...given]);
    const exclude = await readProjectFile(root, ".git/info/exclude", MAX_IGNORE_FILE_BYTES, report);
    report.working(undefined);
    const excluded = rulesOf(exclude ?? "", ".git/info/exclude", report);
    if (excluded.length > 0) matcher.add(excluded);
    return new ProjectIgnore([{ base: "", matcher }], given.length + excluded.length);
  }

  /** These rules plus those of the `.gitignore` in `folder` (project-relative), when it has one. */
  async enter(
    root: string,
    folder: string,
    hasGitignore: boolean,
    report: FileReport,
  ): Promise<ProjectIgnore> {
    if (!hasGitignore) return this;
    const path = folder === "" ? ".gitignore" : `${folder}/.gitignore`;
    const text = await readProjectFile(root, path, MAX_IGNORE_FILE_BYTES, report);
    report.working(undefined);
    const rules = rulesOf(text ?? "", path, report);
    if (rules.length === 0) return this;
    if (this.#patterns + rules.length > MAX_PATTERNS_IN_FORCE) {
      report.problem(
        path,
        "too_complex",
        `is not applied: its ${rules.length} patterns would bring those in force past ${MAX_PATTERNS_IN_FORCE}.`,
      );
      return this;
    }
    return new ProjectIgnore(
      [...this.#stack, { base: folder, matcher: ignore().add(rules) }],
      this.#patterns + rules.length,
    );
  }

  /**
   * True when `path` (project-relative, `/`-separated) is left out; folders are tested with a trailing `/`.
   * As in git, a deeper `.gitignore` wins: its `!pattern` brings back what an outer one left out.
   */
  ignores(path: string, isDirectory: boolean): boolean {
    let ignored = false;
    for (const [index, rules] of this.#stack.entries()) {
      const relative = rules.base === "" ? path : path.slice(rules.base.length + 1);
      const result = rules.matcher.test(isDirectory ? `${relative}/` : relative);
      // The root's fixed names (.git, node_modules) are never brought back.
      if (index === 0 && result.ignored && this.#fixed.ignores(isDirectory ? `${relative}/` : relative))
        return true;
      if (result.ignored) ignored = true;
      else if (result.unignored) ignored = false;
    }
    return ignored;
  }
}

/** The pattern lines of a rules file, without those too costly to apply (reported). */
function rulesOf(text: string, path: string, report: FileReport): string[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== "" && !line.startsWith("#"));
  return usablePatterns(lines, (count) =>
    report.problem(path, "too_complex", excessMessage("pattern", count)),
  );
}

/** Patterns with at most `MAX_GLOBSTARS` `**`; `onExcess` hears how many were left out. */
function usablePatterns(patterns: readonly string[], onExcess: (count: number) => void): string[] {
  const usable = patterns.filter((pattern) => pattern.split("**").length - 1 <= MAX_GLOBSTARS);
  if (usable.length < patterns.length) onExcess(patterns.length - usable.length);
  return usable;
}

function excessMessage(what: string, count: number): string {
  const subject = count === 1 ? `1 ${what} has` : `${count} ${what}s have`;
  return `${subject} more than ${MAX_GLOBSTARS} "**" and ${count === 1 ? "is" : "are"} not applied (matching them could take exponential time).`;
}
