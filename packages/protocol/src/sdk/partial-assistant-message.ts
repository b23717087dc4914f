import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { messageIdentity } from "./message-identity.ts";
import { BetaRawMessageStreamEventSchema } from "./stream-event.ts";

/**
 * `stream_event`: one raw Messages API stream event, emitted only with `--include-partial-messages`.
 * The complete `assistant` message for a block arrives before that block's `content_block_stop`.
 */
export const SDKPartialAssistantMessageSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("stream_event"),
    event: BetaRawMessageStreamEventSchema,
    parent_tool_use_id: z.string().nullable(),
    ...messageIdentity(),
    ttft_ms: z.number().optional(),
    user_message_uuid: z.string().optional(),
    user_message_uuids: z.array(z.string()).optional(),
    resume_reason: z.string().optional(),
  }),
);
export type SDKPartialAssistantMessage = z.infer<typeof SDKPartialAssistantMessageSchema>;
