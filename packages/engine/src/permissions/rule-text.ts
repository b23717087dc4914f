import type { PermissionBehavior } from "@parley/protocol";
import type { PermissionRule } from "./permission-rule.ts";

/**
 * Reads rules written as Claude Code writes them (`Bash`, `Bash(git status:*)`, `Edit(src/**)`), as
 * given to `--allowedTools`/`--disallowedTools`: each value may hold several, separated by commas or
 * spaces outside parentheses. Throws an `Error` naming the entry that is not a rule.
 */
export function parseRuleList(values: readonly string[], behavior: PermissionBehavior): PermissionRule[] {
  return values.flatMap(splitEntries).map((entry) => parseRuleText(entry, behavior));
}

/** One rule in Claude Code's `Tool` or `Tool(pattern)` form. */
export function parseRuleText(text: string, behavior: PermissionBehavior): PermissionRule {
  const match = /^([A-Za-z0-9_.:-]+)(?:\((.*)\))?$/s.exec(text.trim());
  if (!match) throw new Error(`"${text}" is not a tool rule (expected Tool or Tool(pattern))`);
  const [, tool, pattern] = match as unknown as [string, string, string | undefined];
  const trimmed = pattern?.trim();
  if (pattern !== undefined && (trimmed === "" || trimmed === "*")) return { tool, behavior };
  return { tool, behavior, ...(trimmed !== undefined && { pattern: trimmed }) };
}

function splitEntries(value: string): string[] {
  const entries: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of value) {
    if (char === "(") depth += 1;
    if (char === ")") depth = Math.max(0, depth - 1);
    if (depth === 0 && (char === "," || /\s/.test(char))) {
      if (current.trim() !== "") entries.push(current.trim());
      current = "";
      continue;
    }
    current += char;
  }
  if (current.trim() !== "") entries.push(current.trim());
  return entries;
}
