import { type PlanData, PlanDataSchema, type PlanStep } from "@parley/protocol";
import { dropMistyped, isPlainObject } from "./card-fields.ts";

/** Where a plan card stands: proposed, being carried out, replaced by a refined plan, or done. */
export type PlanCardStatus = "proposed" | "executing" | "refining" | "completed";

/** How far a plan step got, from the agent's UpdatePlan reports. */
export type PlanStepStatus = "pending" | "in_progress" | "completed" | "skipped";

/** One step of a plan card, with its progress once the plan runs. */
export type PlanCardStep = PlanStep & { status?: PlanStepStatus; note?: string };

/** The person's decision on a plan card: carry it out (in a mode) or refine it (with feedback). */
export interface PlanDecision {
  action: "execute" | "refine";
  at_ms?: number;
  permission_mode?: string;
  feedback?: string;
}

/** A Plan card's data: the plan (seed 000) plus its status, each step's progress and the decision. */
export type PlanCard = Pick<PlanData, "goal" | "risks" | "tools_needed" | "estimated_time"> & {
  steps: PlanCardStep[];
  status?: PlanCardStatus;
  decision?: PlanDecision;
  /** What the agent said with its latest progress report. */
  explanation?: string;
};

const CARD_STATUSES: readonly string[] = ["proposed", "executing", "refining", "completed"];
const STEP_STATUSES: readonly string[] = ["pending", "in_progress", "completed", "skipped"];

/** A Plan card's (or plan block's) data, or undefined when it is not a valid plan. */
export function readPlanCard(data: unknown): PlanCard | undefined {
  const parsed = PlanDataSchema.safeParse(data);
  if (!parsed.success) return undefined;
  const card: Record<string, unknown> = { ...parsed.data };
  if (!CARD_STATUSES.includes(card.status as string)) delete card.status;
  dropMistyped(card, { explanation: "string" });
  const decision = readDecision(card.decision);
  if (decision === undefined) delete card.decision;
  else card.decision = decision;
  card.steps = parsed.data.steps.map((step) => {
    const copy: Record<string, unknown> = { ...step };
    if (!STEP_STATUSES.includes(copy.status as string)) delete copy.status;
    dropMistyped(copy, { note: "string" });
    return copy;
  });
  return card as PlanCard;
}

function readDecision(value: unknown): PlanDecision | undefined {
  if (!isPlainObject(value) || (value.action !== "execute" && value.action !== "refine")) return undefined;
  const decision: Record<string, unknown> = { ...value };
  dropMistyped(decision, { at_ms: "number", permission_mode: "string", feedback: "string" });
  return decision as unknown as PlanDecision;
}
