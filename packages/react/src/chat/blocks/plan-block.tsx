import type { PlanBlock as PlanBlockData } from "@parley/protocol";
import { readPlanCard } from "@parley/sdk";
import { PlanCardView } from "../../cards/plan-card.tsx";

/**
 * A plan written in message text (seed 002 PlanBlock): the same card as a Plan message, without Execute
 * and Refine (those answer a Plan message; the agent proposes one in plan mode).
 */
export function PlanBlock({ block }: { block: PlanBlockData }) {
  const plan = readPlanCard(block);
  return (
    <div data-testid="special-block" data-block-type="plan">
      {plan !== undefined && <PlanCardView plan={plan} />}
    </div>
  );
}
