import type { PermissionMode } from "@parley/protocol";

/** Kinds of ACP tool call that change files, which `acceptEdits` allows unasked and `plan` refuses. */
const EDIT_KINDS = new Set(["edit", "delete", "move"]);
/** Kinds that only look, which every mode allows once the CLI asks. */
const READ_KINDS = new Set(["read", "search", "think"]);

/** What Parley decides alone about an ACP agent's permission request, and why; undefined asks the person. */
export interface AcpPermissionDecision {
  allowed: boolean;
  reason: string;
}

/**
 * Decides an agent CLI's ACP permission request in the order Parley's own policy uses: a deny rule first;
 * then the mode (bypassPermissions allows, reads are allowed, acceptEdits allows edits, plan refuses the
 * rest); then an allow rule; then `dontAsk` refuses what would otherwise ask. `rule` is the project's rule
 * for this CLI and kind of call (`gemini:edit`), if any.
 */
export function decideAcpPermission(options: {
  mode: PermissionMode;
  kind: string;
  rule: { tool: string; behavior: "allow" | "deny" | "ask" } | undefined;
}): AcpPermissionDecision | undefined {
  const { mode, kind, rule } = options;
  const byRule = (allowed: boolean) => ({
    allowed,
    reason: `The project's rule ${rule?.tool} ${allowed ? "allows" : "denies"} it`,
  });
  const byMode = (allowed: boolean) => ({
    allowed,
    reason: `The permission mode (${mode}) ${allowed ? "allows" : "refuses"} it`,
  });
  if (rule?.behavior === "deny") return byRule(false);
  if (mode === "bypassPermissions" || READ_KINDS.has(kind)) return byMode(true);
  if (mode === "acceptEdits" && EDIT_KINDS.has(kind)) return byMode(true);
  if (mode === "plan") return byMode(false);
  if (rule?.behavior === "allow") return byRule(true);
  if (mode === "dontAsk")
    return { allowed: false, reason: "The permission mode (dontAsk) refuses what would ask" };
  return undefined;
}
