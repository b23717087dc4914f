import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";
import { type ConfinedPath, shownPathBelow } from "./confine-path.ts";
import { escapeGlob, matchesGlob } from "./glob-pattern.ts";

/** A file as file rules (`Edit(src/**)`, `Read(//abs/dir/**)`) see it. */
export interface RuleFile {
  /** Project-relative, `/`-separated (`""` for the root); absent outside the project (an added directory). */
  relative?: string;
  /** Absolute, `/`-separated. */
  absolute: string;
  /** A folder (what LS, Glob and Grep are given): a deny or ask rule on what is in it (`dir/**`) names it too. */
  folder?: boolean;
}

/** The file a confined path names: project-relative only when it is in the project. */
export function ruleFileOf(confined: ConfinedPath): RuleFile {
  return {
    ...(!isAbsolute(confined.relative) && { relative: confined.relative }),
    absolute: confined.absolute,
    ...(confined.kind === "directory" && { folder: true }),
  };
}

/** A name a search or listing found below `folder` (its absolute path), as file rules see it. */
export function ruleFileBelow(folder: ConfinedPath, absolute: string, isFolder: boolean): RuleFile {
  const shown = shownPathBelow(folder, absolute);
  return { ...(!isAbsolute(shown) && { relative: shown }), absolute, ...(isFolder && { folder: true }) };
}

/** Whether a deny or ask rule's pattern names `file`, or, for a folder, what is in it (a search reads it). */
export function filePatternMatchesLoosely(pattern: string, file: RuleFile): boolean {
  if (filePatternMatches(pattern, file)) return true;
  if (file.folder !== true) return false;
  const inside: RuleFile = {
    ...(file.relative !== undefined && file.relative !== "" && { relative: `${file.relative}/` }),
    absolute: `${file.absolute}/`,
  };
  return filePatternMatches(pattern, inside);
}

/** A path as the model wrote it, taken lexically (for deny and ask rules, which match any spelling). */
export function writtenRuleFile(projectRoot: string, written: string): RuleFile {
  const segments = written.split(/[\\/]/).filter((segment) => segment !== "" && segment !== ".");
  if (isAbsolute(written)) return { absolute: `/${segments.join("/")}` };
  return { relative: segments.join("/"), absolute: join(projectRoot, ...segments) };
}

/** How a rule file is named to people and in protected-path checks: project-relative, else absolute. */
export function ruleFileName(file: RuleFile): string {
  return file.relative ?? file.absolute;
}

/**
 * Whether a file rule's pattern names `file`, with Claude Code's path forms: `//abs/dir/**` is an absolute
 * path, `~/notes/**` is below the home directory, and `/src/**`, `./src/**` and `src/**` are relative to the
 * project root (where Parley's rules, and `--allowedTools`, apply). A relative pattern never reaches a file
 * outside the project, so `Edit(**)` does not cover an added directory: `Edit(//that/dir/**)` does.
 */
export function filePatternMatches(pattern: string, file: RuleFile, home: string = homedir()): boolean {
  if (pattern.startsWith("//")) return matchesGlob(pattern.slice(1), file.absolute);
  if (pattern === "~" || pattern.startsWith("~/"))
    return matchesGlob(`${escapeGlob(home.replace(/\/+$/, ""))}${pattern.slice(1)}`, file.absolute);
  if (file.relative === undefined) return false;
  return matchesGlob(pattern.replace(/^\.?\//, ""), file.relative);
}
