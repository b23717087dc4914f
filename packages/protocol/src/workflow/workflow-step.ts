import { z } from "zod";
import { JsonObjectSchema } from "../shared/json-value.ts";
import { lazySchema } from "../shared/lazy-schema.ts";

/** A step id: what `${{ steps.<id>.output }}` names. */
export const WorkflowStepIdSchema = lazySchema(() =>
  z
    .string()
    .regex(
      /^[A-Za-z_][A-Za-z0-9_-]*$/,
      "must start with a letter or _ and hold only letters, digits, _ and -",
    )
    .max(64),
);

/** How a failed step is tried again: `count` more attempts, waiting `backoff` seconds, doubled each time. */
export const WorkflowRetrySchema = lazySchema(() =>
  z.strictObject({
    count: z.number().int().min(0).max(10),
    backoff: z.number().min(0).max(3_600).default(0),
  }),
);
export type WorkflowRetry = z.infer<typeof WorkflowRetrySchema>;

/** What every step has besides what it does (GitHub Actions' step keys, in snake_case). */
const stepOptions = () => ({
  id: WorkflowStepIdSchema,
  /** What the card shows; the id when absent. */
  name: z.string().min(1).max(200).optional(),
  /** Seconds before the step is stopped and fails. */
  timeout: z.number().positive().max(86_400).optional(),
  retry: WorkflowRetrySchema.optional(),
  /** A failure is recorded and the workflow goes on with the next step. */
  continue_on_error: z.boolean().optional(),
});

/** A step that gives an agent its own instructions for one turn (`prompt`), in the workflow's session. */
export const WorkflowAgentStepSchema = lazySchema(() =>
  z.strictObject({
    ...stepOptions(),
    prompt: z.string().trim().min(1).max(100_000),
    /** A model for this step, e.g. `anthropic/claude-sonnet-4-5`; the agent's own when absent. */
    model: z.string().min(1).optional(),
    /** The only tools the agent may use in this step; all its tools when absent. */
    tools: z.array(z.string().min(1)).optional(),
  }),
);
export type WorkflowAgentStep = z.infer<typeof WorkflowAgentStepSchema>;

/** A step that calls one tool by name (built-in like `Read`, or MCP as `mcp__server__tool`) with `with`. */
export const WorkflowToolStepSchema = lazySchema(() =>
  z.strictObject({
    ...stepOptions(),
    tool: z.string().min(1).max(200),
    with: JsonObjectSchema.default({}),
  }),
);
export type WorkflowToolStep = z.infer<typeof WorkflowToolStepSchema>;

/** A step that runs a shell command in the project, approved like the agent's `Bash`. */
export const WorkflowShellStepSchema = lazySchema(() =>
  z.strictObject({
    ...stepOptions(),
    run: z.string().trim().min(1).max(100_000),
  }),
);
export type WorkflowShellStep = z.infer<typeof WorkflowShellStepSchema>;

/** One step of a workflow: exactly one of `prompt` (agent), `tool` (tool call) or `run` (shell). */
export const WorkflowStepSchema = lazySchema(() =>
  z.union([WorkflowAgentStepSchema, WorkflowToolStepSchema, WorkflowShellStepSchema]),
);
export type WorkflowStep = z.infer<typeof WorkflowStepSchema>;

/** The kind of a step, as its progress is shown. */
export type WorkflowStepKind = "agent" | "tool" | "shell";

/** Which kind a step is. */
export function workflowStepKind(step: WorkflowStep): WorkflowStepKind {
  if ("prompt" in step) return "agent";
  if ("tool" in step) return "tool";
  return "shell";
}
