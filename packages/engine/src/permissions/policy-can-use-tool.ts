import {
  type PermissionResult,
  PermissionResultSchema,
  type PermissionUpdate,
  type PermissionUpdateDestination,
} from "@parley/protocol";
import type { CanUseToolCallback, ToolPermissionRequest } from "../tools/engine-tool.ts";
import type { PermissionPolicy } from "./permission-policy.ts";
import type { PermissionRule } from "./permission-rule.ts";
import { permissionChangesFrom, permissionUpdateForRule } from "./permission-updates.ts";

/**
 * A call the policy could not decide alone, as a person should see it (the server turns it into a durable
 * approval card): the request, why it asks, and the "always allow" offer as a rule and as SDK updates.
 */
export interface PermissionPrompt extends ToolPermissionRequest {
  reason: string;
  /** The protected file the call would change, when that is why it asks (no "always allow" then). */
  blockedPath?: string;
  /** The narrowest rule that would let calls like this run without asking. */
  suggestedRule?: PermissionRule;
  /** `suggestedRule` as Claude Agent SDK `addRules` updates; answering allow with them saves the rule. */
  suggestions: PermissionUpdate[];
}

/**
 * Asks a person. Resolve with the SDK's allow/deny answer (allow with `updatedPermissions` taken from
 * `suggestions` means "always allow"); `null` or anything malformed counts as a denial.
 */
export type AskForPermission = (prompt: PermissionPrompt) => Promise<PermissionResult | null | undefined>;

/** How a policy-backed `canUseTool` reaches a person and keeps "always allow" answers. */
export interface PolicyCanUseToolOptions {
  /** Without it, every call the policy would ask about is denied (nobody can approve it). */
  ask?: AskForPermission;
  /** Called with rules an answer added (to save them per project); a failure denies the call. */
  onRulesAdded?: (rules: PermissionRule[], destination: PermissionUpdateDestination) => void | Promise<void>;
  /** Where "always allow" suggestions say to keep the rule (default `projectSettings`). */
  suggestionDestination?: PermissionUpdateDestination;
}

/**
 * Combines a `PermissionPolicy` with a way to ask a person into the loop's `canUseTool`: the policy's
 * allow and deny are final; an ask goes to `options.ask`, and an allow answer's `updatedPermissions`
 * (`addRules`, `setMode`) update the policy so the next similar call does not ask.
 */
export function policyCanUseTool(
  policy: PermissionPolicy,
  options: PolicyCanUseToolOptions = {},
): CanUseToolCallback {
  return async (request) => {
    const decision = await policy.check({
      toolName: request.toolName,
      input: request.input,
      ...(request.access && { access: request.access }),
    });
    if (decision.behavior === "allow") return { behavior: "allow", toolUseID: request.toolUseId };
    if (decision.behavior === "deny") {
      return { behavior: "deny", message: decision.message, toolUseID: request.toolUseId };
    }
    if (!options.ask) {
      return {
        behavior: "deny",
        message: `${request.toolName} needs approval (${decision.reason}), and there is nobody to ask here, so it did not run.`,
        toolUseID: request.toolUseId,
      };
    }
    const suggestions = decision.suggestedRule
      ? [permissionUpdateForRule(decision.suggestedRule, options.suggestionDestination)]
      : [];
    const answer = await options.ask({
      ...request,
      reason: decision.reason,
      suggestions,
      ...(decision.blockedPath !== undefined && { blockedPath: decision.blockedPath }),
      ...(decision.suggestedRule && { suggestedRule: decision.suggestedRule }),
    });
    const parsed = PermissionResultSchema.safeParse(answer);
    if (!parsed.success) {
      return { behavior: "deny", message: "No valid approval was given, so the tool did not run." };
    }
    const result = parsed.data;
    if (result.behavior === "allow") await applyChanges(policy, options, result.updatedPermissions);
    return result;
  };
}

async function applyChanges(
  policy: PermissionPolicy,
  options: PolicyCanUseToolOptions,
  updates: PermissionUpdate[] | undefined,
): Promise<void> {
  const changes = permissionChangesFrom(updates);
  if (changes.mode) policy.setMode(changes.mode);
  const byDestination = new Map<PermissionUpdateDestination, PermissionRule[]>();
  for (const { rule, destination } of changes.rules) {
    if (!policy.addRule(rule)) continue;
    byDestination.set(destination, [...(byDestination.get(destination) ?? []), rule]);
  }
  for (const [destination, rules] of byDestination) await options.onRulesAdded?.(rules, destination);
}
