import type { PlanData, WorkflowDefinition } from "@parley/protocol";

/**
 * An approved plan as a workflow: one agent step per plan step, in order, each asking the agent to carry
 * out that step alone (the goal and the step's reason for context) and to say briefly what it did.
 */
export function planWorkflow(plan: PlanData): WorkflowDefinition {
  return {
    name: "plan",
    description: plan.goal,
    steps: plan.steps.map((step) => ({
      id: `step-${step.step_number}`,
      name: `${step.step_number}. ${step.action}`,
      prompt: [
        `Carry out step ${step.step_number} of the approved plan, and only this step.`,
        "",
        `Goal: ${plan.goal}`,
        `Step ${step.step_number}: ${step.action}`,
        ...(step.reason === "" ? [] : [`Why: ${step.reason}`]),
        "",
        "When it is done, say in one or two sentences what you did.",
      ].join("\n"),
    })),
  };
}
