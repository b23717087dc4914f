import { readFile } from "node:fs/promises";
import { join } from "node:path";
import ignore, { type Ignore } from "ignore";

/** Names a project structure always leaves out, whatever `.gitignore` says. */
export const ALWAYS_EXCLUDED: readonly string[] = [".git", "node_modules"];

/** The rules of one `.gitignore`, which apply below the folder it sits in. */
interface Rules {
  /** Project-relative folder, "" for the root. */
  base: string;
  matcher: Ignore;
}

/**
 * Decides which project paths a walk leaves out: `.git`, `node_modules`, the user's patterns, and every
 * `.gitignore` (and `.git/info/exclude`) on the way down, with git's semantics from the `ignore` library.
 */
export class ProjectIgnore {
  readonly #stack: Rules[];
  readonly #fixed: Ignore = ignore().add([...ALWAYS_EXCLUDED]);

  private constructor(stack: Rules[]) {
    this.#stack = stack;
  }

  /** The root rules: the fixed names, the user's patterns and `.git/info/exclude` when present. */
  static async forRoot(root: string, patterns: readonly string[]): Promise<ProjectIgnore> {
    const matcher = ignore().add([...ALWAYS_EXCLUDED, ...patterns]);
    const exclude = await readFile(join(root, ".git", "info", "exclude"), "utf8").catch(() => "");
    if (exclude !== "") matcher.add(exclude);
    return new ProjectIgnore([{ base: "", matcher }]);
  }

  /** These rules plus those of the `.gitignore` in `folder` (project-relative), when it has one. */
  async enter(root: string, folder: string, hasGitignore: boolean): Promise<ProjectIgnore> {
    if (!hasGitignore) return this;
    const text = await readFile(join(root, folder, ".gitignore"), "utf8").catch(() => "");
    if (text.trim() === "") return this;
    return new ProjectIgnore([...this.#stack, { base: folder, matcher: ignore().add(text) }]);
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
