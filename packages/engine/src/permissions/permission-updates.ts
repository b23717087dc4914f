import type { PermissionMode, PermissionUpdate, PermissionUpdateDestination } from "@parley/protocol";
import type { PermissionRule } from "./permission-rule.ts";

/** A rule as the Claude Agent SDK carries it: an `addRules` permission update (`ruleContent` = pattern). */
export function permissionUpdateForRule(
  rule: PermissionRule,
  destination: PermissionUpdateDestination = "projectSettings",
): PermissionUpdate {
  return {
    type: "addRules",
    rules: [{ toolName: rule.tool, ...(rule.pattern !== undefined && { ruleContent: rule.pattern }) }],
    behavior: rule.behavior,
    destination,
  };
}

/** What a host's `updatedPermissions` asks to change: rules to add (with where to keep them) and a mode. */
export interface PermissionChanges {
  rules: { rule: PermissionRule; destination: PermissionUpdateDestination }[];
  mode?: PermissionMode;
}

/**
 * Reads SDK permission updates: `addRules` become rules and `setMode` a mode. Other updates (replacing or
 * removing rules, directories) are not applied from an approval answer and are left out.
 */
export function permissionChangesFrom(updates: readonly PermissionUpdate[] | undefined): PermissionChanges {
  const changes: PermissionChanges = { rules: [] };
  for (const update of updates ?? []) {
    if (update.type === "addRules") {
      for (const value of update.rules) {
        const rule: PermissionRule = {
          tool: value.toolName,
          behavior: update.behavior,
          ...(value.ruleContent !== undefined && value.ruleContent !== "" && { pattern: value.ruleContent }),
        };
        changes.rules.push({ rule, destination: update.destination });
      }
    } else if (update.type === "setMode") {
      changes.mode = update.mode;
    }
  }
  return changes;
}
