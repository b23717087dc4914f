import { z } from "zod";
import { WorkflowExecutionDataSchema } from "../rich/workflow-execution.ts";
import { lazySchema } from "../shared/lazy-schema.ts";
import { WorkflowNameSchema } from "../workflow/workflow-definition.ts";
import { WorkflowInputSchema, WorkflowInputValueSchema } from "../workflow/workflow-input.ts";
import { AgentIdSchema, IdSchema, TimestampMsSchema } from "./common.ts";
import { SelectablePermissionModeSchema } from "./permission-modes.ts";

/** A workflow definition as listed: where it was found, its inputs and its steps in short. */
export const WorkflowSummarySchema = lazySchema(() =>
  z.looseObject({
    name: z.string(),
    description: z.string().optional(),
    /** `project`: `.parley/workflows/`; `user`: `$PARLEY_HOME/workflows/` (a project file wins). */
    source: z.enum(["project", "user"]),
    path: z.string(),
    inputs: z.record(z.string(), WorkflowInputSchema),
    steps: z.array(
      z.looseObject({ id: z.string(), name: z.string(), kind: z.enum(["agent", "tool", "shell"]) }),
    ),
  }),
);
export type WorkflowSummary = z.infer<typeof WorkflowSummarySchema>;

/** One mistake in a workflow file: the field at fault (`steps.1.run`), what is wrong, and where it is. */
export const WorkflowProblemIssueSchema = lazySchema(() =>
  z.looseObject({
    path: z.string(),
    message: z.string(),
    line: z.number().int().positive().optional(),
    column: z.number().int().positive().optional(),
  }),
);
export type WorkflowProblemIssue = z.infer<typeof WorkflowProblemIssueSchema>;

/** One mistake as a person reads it: `line 7, column 5: steps.1: Unrecognized key: "retries"`. */
export function describeWorkflowIssue(issue: WorkflowProblemIssue): string {
  const where = issue.line === undefined ? "" : `line ${issue.line}, column ${issue.column ?? 1}: `;
  return `${where}${issue.path === "" ? "" : `${issue.path}: `}${issue.message}`;
}

/**
 * A workflow file that could not be used, and why: `message` says it all in one text (each mistake with
 * its line and column); `name` is the workflow it would be (its file name), `issues` the mistakes one by one.
 */
export const WorkflowProblemSchema = lazySchema(() =>
  z.looseObject({
    path: z.string(),
    message: z.string(),
    name: z.string().optional(),
    issues: z.array(WorkflowProblemIssueSchema).optional(),
  }),
);
export type WorkflowProblem = z.infer<typeof WorkflowProblemSchema>;

/** `GET /api/workflows`: the definitions found, and the files that are not valid. */
export const WorkflowListSchema = lazySchema(() =>
  z.looseObject({
    workflows: z.array(WorkflowSummarySchema),
    problems: z.array(WorkflowProblemSchema),
  }),
);
export type WorkflowList = z.infer<typeof WorkflowListSchema>;

/** `:name` of a workflow route. */
export const WorkflowParamsSchema = lazySchema(() => z.looseObject({ name: WorkflowNameSchema }));

/** `POST /api/workflows/:name/executions`: runs a workflow in a session (a new one when absent). */
export const StartWorkflowRequestSchema = lazySchema(() =>
  z.looseObject({
    session_id: IdSchema.optional(),
    /** The agent whose session shows the card and runs the agent steps. */
    agent_id: AgentIdSchema,
    inputs: z.record(z.string(), WorkflowInputValueSchema).default({}),
    /**
     * The permission mode the run's session works in from now on (`parley workflow run --permission-mode`),
     * for unattended runs: its shell, tool and agent steps are decided in it, and the chat shows the change.
     */
    permission_mode: SelectablePermissionModeSchema.optional(),
  }),
);
export type StartWorkflowRequest = z.infer<typeof StartWorkflowRequestSchema>;

/** A workflow execution: where its card is, what it was given, and its state (the card's data). */
export const WorkflowExecutionViewSchema = lazySchema(() =>
  z.looseObject({
    execution_id: z.string(),
    workflow_name: z.string(),
    session_id: z.string(),
    agent_id: z.string(),
    message_id: z.string(),
    inputs: z.record(z.string(), WorkflowInputValueSchema),
    execution: WorkflowExecutionDataSchema,
    created_at_ms: TimestampMsSchema,
  }),
);
export type WorkflowExecutionView = z.infer<typeof WorkflowExecutionViewSchema>;

/** `GET /api/workflow-executions`: newest first. */
export const WorkflowExecutionListSchema = lazySchema(() =>
  z.looseObject({
    executions: z.array(WorkflowExecutionViewSchema),
  }),
);
export type WorkflowExecutionList = z.infer<typeof WorkflowExecutionListSchema>;

/** `GET /api/workflow-executions?session_id=`: one session's executions, or the project's. */
export const WorkflowExecutionListQuerySchema = lazySchema(() =>
  z.looseObject({ session_id: IdSchema.optional() }),
);

/** `:execution_id` of a workflow execution route. */
export const WorkflowExecutionParamsSchema = lazySchema(() => z.looseObject({ execution_id: IdSchema }));

/**
 * `POST /api/workflow-executions/:id/pause`: pauses at the next step boundary, or with `now` at once,
 * stopping the running step (it runs again from its start on Resume).
 */
export const PauseWorkflowRequestSchema = lazySchema(() =>
  z.looseObject({
    now: z.boolean().default(false),
    /** Why it is paused now, as the stopped step will say (`the step waited for an approval nobody could give`). */
    reason: z.string().trim().min(1).max(300).optional(),
  }),
);
export type PauseWorkflowRequest = z.infer<typeof PauseWorkflowRequestSchema>;
