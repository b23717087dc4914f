import { type PlanData, PlanDataSchema, type PlanStep } from "@parley/protocol";
import { modeLabel } from "../permission-modes.ts";

/** A Plan card's (or plan block's) data, or undefined when it is not a valid plan. */
export function readPlanCard(data: unknown): PlanData | undefined {
  const parsed = PlanDataSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

/** One glyph per plan step state. */
export const PLAN_STEP_ICONS: Record<NonNullable<PlanStep["status"]>, string> = {
  pending: "○",
  in_progress: "◐",
  completed: "✓",
  skipped: "↷",
};

/** The word for a plan's status. */
export const PLAN_STATUS_LABELS: Record<NonNullable<PlanData["status"]>, string> = {
  proposed: "Proposed",
  executing: "Executing",
  refining: "Refining",
  completed: "Completed",
};

/** True while a plan waits for Execute or Refine. */
export function planAwaitsDecision(plan: PlanData): boolean {
  return plan.decision === undefined && (plan.status ?? "proposed") === "proposed";
}

/** What became of a decided plan, in words ("Being carried out (Accept edits)"); undefined while undecided. */
export function planDecisionText(plan: PlanData): string | undefined {
  const decision = plan.decision;
  if (decision === undefined) return undefined;
  if (decision.action === "refine") return "Sent back for a new plan";
  if (plan.status === "completed") return "Carried out";
  return `Being carried out${decision.permission_mode === undefined ? "" : ` (${modeLabel(decision.permission_mode)})`}`;
}
