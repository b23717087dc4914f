import { type PlanData, PlanDataSchema } from "@parley/protocol";

/** A Plan card's (or plan block's) data, or undefined when it is not a valid plan. */
export function readPlanCard(data: unknown): PlanData | undefined {
  const parsed = PlanDataSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}
