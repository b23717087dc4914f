import { z } from "zod";
import { ChangedFileSchema, RewindMarkSchema } from "../events/change-report-event.ts";
import { lazySchema } from "../shared/lazy-schema.ts";
import { PlanDataSchema } from "./plan.ts";
import { QuestionDataSchema } from "./question.ts";

/** The `type` values that make a JSON object in message text a special block (seed 002). */
export const SpecialBlockTypeSchema = lazySchema(() =>
  z.enum(["plan", "finalize_task", "change_report", "ask_user"]),
);
export type SpecialBlockType = z.infer<typeof SpecialBlockTypeSchema>;

/** A plan written inline in message text; rendered by the same card as a Plan message. */
export const PlanBlockSchema = lazySchema(() => PlanDataSchema.safeExtend({ type: z.literal("plan") }));
export type PlanBlock = z.infer<typeof PlanBlockSchema>;

/** A question written inline in message text; rendered by the same card as a Question message. */
export const AskUserBlockSchema = lazySchema(() =>
  QuestionDataSchema.safeExtend({ type: z.literal("ask_user") }),
);
export type AskUserBlock = z.infer<typeof AskUserBlockSchema>;

/** How a task ended, as the agent reports it when finalizing. */
export const TaskOutcomeSchema = lazySchema(() => z.enum(["completed", "partial", "failed"]));
export type TaskOutcome = z.infer<typeof TaskOutcomeSchema>;

/**
 * The agent's closing summary of a task: what was done (`summary`, markdown), how it ended, how the
 * result was checked, and what is left for the person to do.
 */
export const FinalizeTaskBlockSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("finalize_task"),
    summary: z.string().min(1),
    outcome: TaskOutcomeSchema.optional(),
    verification: z.string().optional(),
    next_steps: z.array(z.string()).optional(),
  }),
);
export type FinalizeTaskBlock = z.infer<typeof FinalizeTaskBlockSchema>;

/**
 * The files a turn changed, written inline in message text; each file has the same shape as in the
 * ChangeReport server event, so one card renders both. `truncated_count` files were left out of `files`.
 */
export const ChangeReportBlockSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("change_report"),
    files: z.array(ChangedFileSchema),
    truncated_count: z.number().int().nonnegative().optional(),
    summary: z.string().optional(),
    /** The run whose changes these are, so a client can offer to rewind them. */
    run_id: z.string().optional(),
    /** Set when the files were changed by rewinding a run, not by an agent. */
    rewind: RewindMarkSchema.optional(),
  }),
);
export type ChangeReportBlock = z.infer<typeof ChangeReportBlockSchema>;

/** Any special block, told apart by `type`. */
export const SpecialBlockSchema = lazySchema(() =>
  z.discriminatedUnion("type", [
    PlanBlockSchema,
    FinalizeTaskBlockSchema,
    ChangeReportBlockSchema,
    AskUserBlockSchema,
  ]),
);
export type SpecialBlock = z.infer<typeof SpecialBlockSchema>;

/** True when `value` is one of the special block `type` values. */
export function isSpecialBlockType(value: unknown): value is SpecialBlockType {
  return SpecialBlockTypeSchema.safeParse(value).success;
}
