import { z } from "zod";
import { JsonObjectSchema } from "../shared/json-value.ts";
import { lazySchema } from "../shared/lazy-schema.ts";
import { IdSchema, TimestampMsSchema } from "./common.ts";
import { PermissionRuleSpecSchema } from "./permission-rules.ts";

/** What a person answers to a tool approval: run it once, run it and save the suggested rule, or refuse. */
export const ApprovalDecisionSchema = lazySchema(() => z.enum(["approve", "approve_always", "reject"]));
export type ApprovalDecision = z.infer<typeof ApprovalDecisionSchema>;

/**
 * Where an approval stands. Only `pending` can be answered; `cancelled` means its run stopped first,
 * `expired` that it could no longer be carried out (a subagent's call when the server restarted).
 */
export const ApprovalStateSchema = lazySchema(() =>
  z.enum(["pending", "approved", "rejected", "cancelled", "expired"]),
);
export type ApprovalState = z.infer<typeof ApprovalStateSchema>;

/**
 * A durable request for a person's approval of one tool call. `message_id` is the ToolRequest chat message
 * that shows it; `input` is what the model asked for, `updated_input` what the person approved instead.
 */
export const ApprovalSchema = lazySchema(() =>
  z.looseObject({
    id: z.string(),
    session_id: z.string(),
    agent_id: z.string(),
    run_id: z.string(),
    message_id: z.string(),
    tool_use_id: z.string(),
    /** Set for a subagent's call: the `Task` call that started the subagent. */
    parent_tool_use_id: z.string().nullable(),
    tool_name: z.string(),
    input: JsonObjectSchema,
    /** A one-line description, e.g. "Writing src/app.ts". */
    headline: z.string(),
    /** Why the permission policy asks. */
    reason: z.string(),
    /** The rule "Always allow" saves; null when none is offered (protected paths). */
    suggested_rule: PermissionRuleSpecSchema.nullable(),
    /** The protected file (configuration that runs code) the call would change, when that is why it asks. */
    blocked_path: z.string().nullable(),
    state: ApprovalStateSchema,
    decision: ApprovalDecisionSchema.nullable(),
    feedback: z.string().nullable(),
    updated_input: JsonObjectSchema.nullable(),
    created_at_ms: TimestampMsSchema,
    answered_at_ms: TimestampMsSchema.nullable(),
  }),
);
export type Approval = z.infer<typeof ApprovalSchema>;

/**
 * `POST /api/approvals/:approval_id`: answers an approval exactly once (a second answer gets 409 with the
 * first in `error.details`). `feedback` is what the model is told on a rejection (it continues with it);
 * `updated_input` runs the tool with an edited input instead (validated like the model's).
 */
export const ApprovalAnswerRequestSchema = lazySchema(() =>
  z
    .looseObject({
      decision: ApprovalDecisionSchema,
      feedback: z.string().trim().max(20_000).optional(),
      updated_input: JsonObjectSchema.optional(),
      /**
       * With `approve_always` on an MCP call: `server` saves a rule for every tool of its server
       * (`mcp__github`) instead of the suggested one for this tool.
       */
      always_scope: z.enum(["tool", "server"]).optional(),
    })
    .superRefine((answer, context) => {
      if (answer.always_scope !== undefined && answer.decision !== "approve_always") {
        context.addIssue({
          code: "custom",
          path: ["always_scope"],
          message: "always_scope goes with the approve_always decision",
        });
      }
      if (answer.decision === "reject" && answer.updated_input !== undefined) {
        context.addIssue({
          code: "custom",
          path: ["updated_input"],
          message: "an edited input can only be approved, not rejected",
        });
      }
    }),
);
export type ApprovalAnswerRequest = z.infer<typeof ApprovalAnswerRequestSchema>;

/** Path parameters of approval routes. */
export const ApprovalParamsSchema = lazySchema(() => z.looseObject({ approval_id: IdSchema }));

/** `GET /api/approvals?session_id=&state=`: approvals, newest last; without a session, the whole project's. */
export const ApprovalListQuerySchema = lazySchema(() =>
  z.looseObject({
    session_id: IdSchema.optional(),
    state: ApprovalStateSchema.optional(),
  }),
);
export type ApprovalListQuery = z.infer<typeof ApprovalListQuerySchema>;

/** A list of approvals, oldest first. */
export const ApprovalListSchema = lazySchema(() => z.looseObject({ approvals: z.array(ApprovalSchema) }));
export type ApprovalList = z.infer<typeof ApprovalListSchema>;
