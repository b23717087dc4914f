import { z } from "zod";
import { lazySchema } from "../../shared/lazy-schema.ts";
import { SDKControlRequestSchema } from "./control-request.ts";

const pending = () => ({
  pending_permission_requests: z.array(SDKControlRequestSchema).optional(),
  pending_user_dialog_requests: z.array(SDKControlRequestSchema).optional(),
  pending_elicitation_requests: z.array(SDKControlRequestSchema).optional(),
});

/**
 * A successful answer. `response` is the subtype's payload (see CONTROL_SUCCESS_PAYLOAD_SCHEMAS); the
 * `pending_*` lists, on an initialize reply, re-arm prompts still in flight for a late-attaching host.
 */
export const ControlResponseSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("success"),
    request_id: z.string(),
    response: z.record(z.string(), z.unknown()).optional(),
    ...pending(),
  }),
);
export type ControlResponse = z.infer<typeof ControlResponseSchema>;

/**
 * A failed answer. `error_code` is not declared by the SDK but sent by the CLI and read by the SDK
 * (`"unsupported_request"` for an unknown subtype).
 */
export const ControlErrorResponseSchema = lazySchema(() =>
  z.looseObject({
    subtype: z.literal("error"),
    request_id: z.string(),
    error: z.string(),
    error_code: z.string().optional(),
    ...pending(),
  }),
);
export type ControlErrorResponse = z.infer<typeof ControlErrorResponseSchema>;

/** The answer to a control request (`type: "control_response"`). */
export const SDKControlResponseSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("control_response"),
    response: z.discriminatedUnion("subtype", [ControlResponseSchema, ControlErrorResponseSchema]),
  }),
);
export type SDKControlResponse = z.infer<typeof SDKControlResponseSchema>;

/** "I no longer need the answer" to a request the sender made; it gets no reply. */
export const SDKControlCancelRequestSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("control_cancel_request"),
    request_id: z.string(),
  }),
);
export type SDKControlCancelRequest = z.infer<typeof SDKControlCancelRequestSchema>;

/** A keep-alive either side may send; ignore it on receipt. Startup marks add `startup_mark`. */
export const SDKKeepAliveMessageSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("keep_alive"),
    startup_mark: z.unknown().optional(),
  }),
);
export type SDKKeepAliveMessage = z.infer<typeof SDKKeepAliveMessageSchema>;

/** Any control-protocol frame: request, response, cancellation or keep-alive. */
export const SdkControlFrameSchema = lazySchema(() =>
  z.discriminatedUnion("type", [
    SDKControlRequestSchema,
    SDKControlResponseSchema,
    SDKControlCancelRequestSchema,
    SDKKeepAliveMessageSchema,
  ]),
);
export type SdkControlFrame = z.infer<typeof SdkControlFrameSchema>;
