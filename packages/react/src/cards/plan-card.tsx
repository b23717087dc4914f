import type { PlanData, PlanStep } from "@parley/protocol";
import { PLAN_STATUS_LABELS, PLAN_STEP_ICONS, planAwaitsDecision, planDecisionText } from "@parley/sdk";
import { useChatActions } from "../chat-store-context.tsx";
import { executePlanStepByStep } from "./execute-plan-step-by-step.ts";
import { PlanActions } from "./plan-actions.tsx";

/**
 * A plan (seed 000 PlanMessageCard): the goal prominently, numbered steps with the tools each needs and
 * its live status, risks highlighted, the time it should take, and, while proposed, Execute Plan and
 * Refine Plan. `messageId` is the Plan message the buttons answer; a plan written in text has none and
 * shows no buttons.
 */
export function PlanCardView({ plan, messageId }: { plan: PlanData; messageId?: string | undefined }) {
  const status = plan.status ?? "proposed";
  return (
    <section
      className={`card plan-card plan-${status}`}
      data-testid="plan-card"
      data-message-id={messageId}
      data-status={status}
      data-interactive={messageId === undefined ? "false" : "true"}
      aria-label={`Plan: ${plan.goal}`}
    >
      <header className="plan-header">
        <span className="card-kicker">Plan</span>
        <span className={`badge plan-badge plan-badge-${status}`}>{PLAN_STATUS_LABELS[status]}</span>
        {plan.estimated_time !== undefined && (
          <span className="muted plan-time" data-testid="plan-estimated-time">
            Estimated: {plan.estimated_time}
          </span>
        )}
      </header>
      <h3 className="plan-goal" data-testid="plan-goal">
        {plan.goal}
      </h3>
      <ol className="plan-steps">
        {plan.steps.map((step) => (
          <PlanStepItem key={step.step_number} step={step} />
        ))}
      </ol>
      {plan.tools_needed !== undefined && plan.tools_needed.length > 0 && (
        <p className="plan-tools">
          <span className="muted">Tools: </span>
          <ToolChips tools={plan.tools_needed} />
        </p>
      )}
      {plan.risks !== undefined && plan.risks.length > 0 && (
        <div className="plan-risks" data-testid="plan-risks" role="note">
          <strong>⚠ Risks</strong>
          <ul>
            {plan.risks.map((risk) => (
              <li key={risk} data-testid="plan-risk">
                {risk}
              </li>
            ))}
          </ul>
        </div>
      )}
      {plan.explanation !== undefined && <p className="plan-explanation">{plan.explanation}</p>}
      <PlanFooter plan={plan} messageId={messageId} />
    </section>
  );
}

function PlanStepItem({ step }: { step: PlanStep }) {
  const status = step.status ?? "pending";
  return (
    <li
      className={`plan-step plan-step-${status}`}
      data-testid="plan-step"
      data-step-number={step.step_number}
      data-status={status}
    >
      <span className="plan-step-icon" role="img" aria-label={status.replace("_", " ")}>
        {PLAN_STEP_ICONS[status]}
      </span>
      <span className="plan-step-number">{step.step_number}.</span>
      <div className="plan-step-body">
        <span className="plan-step-action">{step.action}</span>
        {step.reason !== "" && <span className="muted plan-step-reason"> — {step.reason}</span>}
        {step.tools_needed !== undefined && step.tools_needed.length > 0 && (
          <div className="plan-step-tools" data-testid="plan-step-tools">
            <ToolChips tools={step.tools_needed} />
          </div>
        )}
        {step.estimated_time !== undefined && (
          <span className="muted plan-step-time"> ({step.estimated_time})</span>
        )}
        {step.note !== undefined && (
          <div className="plan-step-note muted" data-testid="plan-step-note">
            {step.note}
          </div>
        )}
      </div>
    </li>
  );
}

function ToolChips({ tools }: { tools: readonly string[] }) {
  return tools.map((tool) => (
    <code key={tool} className="tool-chip">
      {tool}
    </code>
  ));
}

function PlanFooter({ plan, messageId }: { plan: PlanData; messageId: string | undefined }) {
  const actions = useChatActions();
  const decision = plan.decision;
  const text = planDecisionText(plan);
  if (decision === undefined || text === undefined) {
    if (messageId === undefined || !planAwaitsDecision(plan)) return null;
    return (
      <PlanActions
        onExecute={(mode) => actions.executePlan(messageId, mode)}
        onExecuteStepByStep={(mode) => executePlanStepByStep(messageId, mode)}
        onRefine={(feedback) => actions.refinePlan(messageId, feedback)}
      />
    );
  }
  return (
    <div className="plan-status" data-testid="plan-status" data-decision={decision.action}>
      {text}
      {decision.feedback !== undefined && (
        <blockquote className="plan-feedback">{decision.feedback}</blockquote>
      )}
    </div>
  );
}
