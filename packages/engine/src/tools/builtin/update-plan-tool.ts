import { lazySchema, PlanStepStatusSchema } from "@parley/protocol";
import { z } from "zod";
import { defineTool, type EngineTool, type ToolContext } from "../engine-tool.ts";

/** The tool's name. */
export const UPDATE_PLAN_TOOL_NAME = "UpdatePlan";

/** One step's new status, by the `step_number` it has in the plan, with an optional note. */
export const PlanStepUpdateSchema = lazySchema(() =>
  z.object({
    step_number: z.number().int().positive().describe("The step's number in the plan"),
    status: PlanStepStatusSchema,
    note: z.string().optional().describe("A short note: what was found or done, or why the step was skipped"),
  }),
);
export type PlanStepUpdate = z.infer<typeof PlanStepUpdateSchema>;

/** The `UpdatePlan` tool's input: the steps it reports on (each once, at most one in progress). */
export const UpdatePlanInputSchema = lazySchema(() =>
  z
    .object({
      steps: z.array(PlanStepUpdateSchema).min(1).describe("The steps whose status you report"),
      explanation: z.string().optional().describe("Why the plan changed, when it did"),
    })
    .superRefine((input, issues) => {
      const numbers = input.steps.map((step) => step.step_number);
      const repeated = numbers.find((number, index) => numbers.indexOf(number) !== index);
      if (repeated !== undefined) {
        issues.addIssue({ code: "custom", path: ["steps"], message: `step ${repeated} is listed twice` });
      }
      if (input.steps.filter((step) => step.status === "in_progress").length > 1) {
        issues.addIssue({ code: "custom", path: ["steps"], message: "at most one step can be in_progress" });
      }
    }),
);
export type UpdatePlanInput = z.infer<typeof UpdatePlanInputSchema>;

/**
 * A progress report: the steps listed change status; steps not listed keep theirs. Hosts merge it into
 * the plan by `step_number`.
 */
export interface PlanUpdate extends UpdatePlanInput {
  /** The `UpdatePlan` call that reported it. */
  toolUseId: string;
  /** Set when a subagent reports: the `Task` call that started it. */
  parentToolUseId?: string;
}

/** What `UpdatePlan` does with a report. */
export interface UpdatePlanToolOptions {
  /** Receives each report (to store it and show it); a failure becomes an error result. */
  onUpdate(update: PlanUpdate, context: ToolContext): void | Promise<void>;
}

const DESCRIPTION = `Reports progress on the plan you are carrying out, so the user can follow it. Call it when you start a step (in_progress), when you finish one (completed), and when you decide to leave one out (skipped, with a note saying why); you may report several steps in one call. Use the step numbers of the plan. At most one step is in_progress at a time. Steps you do not list keep their status. Add an explanation when the plan itself changes.`;

/**
 * `UpdatePlan` (like Claude Code's TodoWrite or Codex's update_plan): the model reports step statuses of
 * the plan it is executing; `options.onUpdate` receives each report. Needs no approval.
 */
export function createUpdatePlanTool(options: UpdatePlanToolOptions): EngineTool<UpdatePlanInput> {
  return defineTool({
    name: UPDATE_PLAN_TOOL_NAME,
    description: DESCRIPTION,
    inputSchema: UpdatePlanInputSchema,
    requiresApproval: false,
    access: () => ({ kind: "other" }),
    execute: async (input, context) => {
      const update: PlanUpdate = {
        ...input,
        toolUseId: context.toolUseId,
        ...(context.turn.parentToolUseId !== undefined && { parentToolUseId: context.turn.parentToolUseId }),
      };
      await options.onUpdate(update, context);
      return { content: "Plan updated", data: input };
    },
  });
}
