/** The confinement rules a path can break; each refusal names one. */
export const CONFINEMENT_RULES = [
  "nul-byte",
  "encoded-traversal",
  "absolute-path",
  "home-path",
  "parent-segment",
  "dot-segment",
  "symlink-outside",
  "dangling-symlink",
  "symlink-loop",
  "special-file",
] as const;
/** The confinement rule a refused path broke. */
export type ConfinementRule = (typeof CONFINEMENT_RULES)[number];

/**
 * A path a file tool or route was given that is not inside the project (or not safe to open). The message
 * names the rule and the fix, so the model or the person can correct the path.
 */
export class PathConfinementError extends Error {
  readonly rule: ConfinementRule;
  readonly requested: string;

  constructor(rule: ConfinementRule, requested: string, explanation: string) {
    super(`Path refused (${rule}): ${JSON.stringify(requested)} ${explanation}`);
    this.name = "PathConfinementError";
    this.rule = rule;
    this.requested = requested;
  }
}
