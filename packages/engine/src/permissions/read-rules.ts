import { FILE_READ_TOOLS, type PermissionRule } from "./permission-rule.ts";
import { filePatternMatchesLoosely, type RuleFile } from "./rule-path.ts";

/**
 * The rules that restrict reading: deny and ask rules of a reading tool (`Read(secrets/**)`, `Grep`). A turn
 * given any asks `canUseTool` about reads too (otherwise reads run unasked; confinement still holds).
 */
export function readRulesOf(rules: readonly PermissionRule[]): PermissionRule[] {
  return rules.filter((rule) => rule.behavior !== "allow" && FILE_READ_TOOLS.has(rule.tool));
}

/**
 * What searches and listings (LS, Glob, Grep) leave out: each file or folder a deny or ask `Read` rule with a
 * path names, so a search of the project never reads or names what a read of it would be refused or asked
 * about (one call cannot ask about each file it passes). Undefined when no such rule exists.
 */
export function searchExclusion(rules: readonly PermissionRule[]): ((file: RuleFile) => boolean) | undefined {
  const patterns = readRulesOf(rules).flatMap((rule) =>
    rule.tool === "Read" && rule.pattern !== undefined ? [rule.pattern] : [],
  );
  if (patterns.length === 0) return undefined;
  return (file) => patterns.some((pattern) => filePatternMatchesLoosely(pattern, file));
}
