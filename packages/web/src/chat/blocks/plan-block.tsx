import type { PlanBlock as PlanBlockData } from "@parley/protocol";

/** A plan written in message text: goal and numbered steps. Placeholder until plan approval lands. */
export function PlanBlock({ block }: { block: PlanBlockData }) {
  return (
    <section className="card" data-testid="special-block" data-block-type="plan" aria-label="Plan">
      <header className="card-title">Plan: {block.goal}</header>
      <ol className="card-steps">
        {block.steps.map((step) => (
          <li key={step.step_number}>
            {step.action}
            {step.reason && <span className="muted"> — {step.reason}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
