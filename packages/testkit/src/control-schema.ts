import { z } from "zod";
import { RecordedRequestSchema, ResponseOutcomeSchema } from "./recorded-request.ts";
import { ScriptedResponseSchema, ScriptRuleSchema } from "./script-schema.ts";

/** Path prefix of the loopback control endpoints, which are never recorded as model requests. */
export const CONTROL_PREFIX = "/__testkit";

/** `POST /__testkit/script`: responses to queue and rules to add. */
export const ControlScriptBodySchema = z.looseObject({
  responses: z.array(ScriptedResponseSchema).optional(),
  rules: z.array(ScriptRuleSchema).optional(),
});
export type ControlScriptBody = z.infer<typeof ControlScriptBodySchema>;

/** `POST /__testkit/release`: lets one stream pass the named gate. */
export const ControlReleaseBodySchema = z.looseObject({ name: z.string() });
export type ControlReleaseBody = z.infer<typeof ControlReleaseBodySchema>;

/**
 * `POST /__testkit/wait`: answers once request `request` has arrived, a stream paused at `gate`, or the
 * response to request `responseEnd` has ended. Exactly one field is expected.
 */
export const ControlWaitBodySchema = z.union([
  z.looseObject({ request: z.number().int().nonnegative() }),
  z.looseObject({ gate: z.string(), requestIndex: z.number().int().nonnegative().optional() }),
  z.looseObject({ responseEnd: z.number().int().nonnegative() }),
]);
export type ControlWaitBody = z.infer<typeof ControlWaitBodySchema>;

/** `GET /__testkit/requests` answer. */
export const ControlRequestsReplySchema = z.looseObject({ requests: z.array(RecordedRequestSchema) });
export type ControlRequestsReply = z.infer<typeof ControlRequestsReplySchema>;

/** `POST /__testkit/wait` answer: the awaited request, gate or outcome. */
export const ControlWaitReplySchema = z.looseObject({
  request: RecordedRequestSchema.optional(),
  gate: z.string().optional(),
  outcome: ResponseOutcomeSchema.optional(),
});
export type ControlWaitReply = z.infer<typeof ControlWaitReplySchema>;
