import { z } from "zod";
import { type DecodeIssue, type DecodeResult, decodeWith } from "../shared/decode-result.ts";
import { lazySchema } from "../shared/lazy-schema.ts";
import { shellReferenceSites } from "./shell-reference-sites.ts";
import { stringsIn, workflowReferences } from "./workflow-expression.ts";
import { WorkflowInputSchema } from "./workflow-input.ts";
import {
  WorkflowAgentStepSchema,
  WorkflowShellStepSchema,
  type WorkflowStep,
  WorkflowStepIdSchema,
  WorkflowStepSchema,
  WorkflowToolStepSchema,
} from "./workflow-step.ts";

/** A workflow's name: the file name under `.parley/workflows/` and what `/name` in the composer runs. */
export const WorkflowNameSchema = lazySchema(() =>
  z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9_-]*$/,
      "must be lower-case letters, digits, _ and -, starting with a letter or digit",
    )
    .max(64),
);

/**
 * A workflow definition, as written in `.parley/workflows/<name>.yaml` (or `$PARLEY_HOME/workflows/`):
 * a name, what it does, typed inputs and ordered steps. Unknown keys are refused (a misspelt
 * `continue_on_error` must not be silently ignored), step ids are unique, and every `${{ … }}` names a
 * declared input or an earlier step.
 */
export const WorkflowDefinitionSchema = lazySchema(() =>
  z
    .strictObject({
      name: WorkflowNameSchema,
      description: z.string().max(2_000).optional(),
      inputs: z.record(WorkflowStepIdSchema, WorkflowInputSchema).optional(),
      steps: z.array(WorkflowStepSchema).min(1).max(200),
    })
    .superRefine((definition, context) => {
      const seen = new Set<string>();
      const inputs = new Set(Object.keys(definition.inputs ?? {}));
      definition.steps.forEach((step, index) => {
        for (const [path, text] of stringsIn(referencingFields(step))) {
          const { references, errors } = workflowReferences(text);
          for (const error of errors)
            context.addIssue({ code: "custom", path: ["steps", index, ...path], message: error.message });
          for (const reference of references) {
            const known = reference.kind === "input" ? inputs.has(reference.name) : seen.has(reference.step);
            if (!known)
              context.addIssue({
                code: "custom",
                path: ["steps", index, ...path],
                message:
                  reference.kind === "input"
                    ? `${reference.text} names no declared input`
                    : `${reference.text} names no earlier step`,
              });
          }
        }
        const shell = shellCommandOf(step);
        if (shell !== undefined)
          for (const problem of shellReferenceSites(shell.command).problems)
            context.addIssue({
              code: "custom",
              path: ["steps", index, ...shell.path],
              message: problem.message,
            });
        if (seen.has(step.id))
          context.addIssue({
            code: "custom",
            path: ["steps", index, "id"],
            message: `duplicate step id "${step.id}"`,
          });
        seen.add(step.id);
      });
    }),
);
export type WorkflowDefinition = z.infer<typeof WorkflowDefinitionSchema>;

/** The fields of a step whose strings may hold `${{ … }}` references. */
function referencingFields(step: WorkflowStep): Record<string, unknown> {
  if ("prompt" in step) return { prompt: step.prompt };
  if ("tool" in step) return { with: step.with };
  return { run: step.run };
}

/**
 * The shell command a step runs, whose references are quoted as shell words: a `run:` step's, or the
 * `command` of a `tool: Bash` step.
 */
export function shellCommandOf(step: WorkflowStep): { command: string; path: string[] } | undefined {
  if ("run" in step) return { command: step.run, path: ["run"] };
  if ("tool" in step && step.tool === "Bash" && typeof step.with.command === "string")
    return { command: step.with.command, path: ["with", "command"] };
  return undefined;
}

/**
 * Decodes a parsed workflow file without throwing. A step is checked against the schema of its kind (told
 * by its `prompt`, `tool` or `run` key), so an error names the very field that is wrong.
 */
export function decodeWorkflowDefinition(input: unknown): DecodeResult<WorkflowDefinition> {
  const issues: DecodeIssue[] = [];
  const steps = (input as { steps?: unknown } | null)?.steps;
  if (Array.isArray(steps)) {
    steps.forEach((step, index) => {
      const schema = stepSchemaFor(step);
      if (schema === undefined) {
        issues.push({
          path: `steps.${index}`,
          message: "a step needs exactly one of prompt (agent), tool (tool call) or run (shell command)",
        });
        return;
      }
      const result = decodeWith(schema, step);
      if (!result.success)
        for (const issue of result.error.issues)
          issues.push({ ...issue, path: `steps.${index}${issue.path === "" ? "" : `.${issue.path}`}` });
    });
  }
  if (issues.length > 0) {
    const message = issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ");
    return { success: false, error: { message, issues } };
  }
  return decodeWith(WorkflowDefinitionSchema, input);
}

function stepSchemaFor(step: unknown): z.ZodType | undefined {
  if (step === null || typeof step !== "object") return undefined;
  const kinds = [
    ["prompt", WorkflowAgentStepSchema],
    ["tool", WorkflowToolStepSchema],
    ["run", WorkflowShellStepSchema],
  ] as const;
  const present = kinds.filter(([key]) => key in step);
  return present.length === 1 ? present[0]?.[1] : undefined;
}
