import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import {
  BetaContainerSchema,
  BetaContextManagementResponseSchema,
  BetaInputTransformationSchema,
  BetaMessageSchema,
  BetaRefusalStopDetailsSchema,
  BetaStopReasonSchema,
} from "./beta-message.ts";
import { BetaMessageDeltaUsageSchema } from "./beta-usage.ts";
import { BetaContentBlockSchema } from "./content-block.ts";
import { TextCitationSchema } from "./content-block-common.ts";

/** A piece of streamed text. */
export const BetaTextDeltaSchema = lazySchema(() =>
  z.looseObject({ type: z.literal("text_delta"), text: z.string() }),
);
export type BetaTextDelta = z.infer<typeof BetaTextDeltaSchema>;

/** A piece of a tool call's JSON input; concatenate the pieces and parse at `content_block_stop`. */
export const BetaInputJSONDeltaSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("input_json_delta"),
    partial_json: z.string(),
  }),
);
export type BetaInputJSONDelta = z.infer<typeof BetaInputJSONDeltaSchema>;

/** A citation added to the text block being streamed. */
export const BetaCitationsDeltaSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("citations_delta"),
    citation: TextCitationSchema,
  }),
);
export type BetaCitationsDelta = z.infer<typeof BetaCitationsDeltaSchema>;

/** A piece of streamed thinking. */
export const BetaThinkingDeltaSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("thinking_delta"),
    thinking: z.string(),
    estimated_tokens: z.number().nullish(),
  }),
);
export type BetaThinkingDelta = z.infer<typeof BetaThinkingDeltaSchema>;

/** The signature of a thinking block, sent just before it stops. */
export const BetaSignatureDeltaSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("signature_delta"),
    signature: z.string(),
  }),
);
export type BetaSignatureDelta = z.infer<typeof BetaSignatureDeltaSchema>;

/** A piece of a compaction block. */
export const BetaCompactionContentBlockDeltaSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("compaction_delta"),
    content: z.string().nullish(),
    encrypted_content: z.string().nullish(),
  }),
);
export type BetaCompactionContentBlockDelta = z.infer<typeof BetaCompactionContentBlockDeltaSchema>;

/** Any delta of a `content_block_delta` event. */
export const BetaRawContentBlockDeltaSchema = lazySchema(() =>
  z.discriminatedUnion("type", [
    BetaTextDeltaSchema,
    BetaInputJSONDeltaSchema,
    BetaCitationsDeltaSchema,
    BetaThinkingDeltaSchema,
    BetaSignatureDeltaSchema,
    BetaCompactionContentBlockDeltaSchema,
  ]),
);
export type BetaRawContentBlockDelta = z.infer<typeof BetaRawContentBlockDeltaSchema>;

/** The first event of a streamed message: the message with empty content. */
export const BetaRawMessageStartEventSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("message_start"),
    message: BetaMessageSchema,
  }),
);
export type BetaRawMessageStartEvent = z.infer<typeof BetaRawMessageStartEventSchema>;

/** The stop reason and final usage of a streamed message. */
export const BetaRawMessageDeltaEventSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("message_delta"),
    delta: z.looseObject({
      stop_reason: BetaStopReasonSchema.nullish(),
      stop_sequence: z.string().nullish(),
      container: BetaContainerSchema.nullish(),
      stop_details: BetaRefusalStopDetailsSchema.nullish(),
    }),
    usage: BetaMessageDeltaUsageSchema,
    context_management: BetaContextManagementResponseSchema.nullish(),
    input_transformations: z.array(BetaInputTransformationSchema).nullish(),
  }),
);
export type BetaRawMessageDeltaEvent = z.infer<typeof BetaRawMessageDeltaEventSchema>;

/** The last event of a streamed message. */
export const BetaRawMessageStopEventSchema = lazySchema(() =>
  z.looseObject({ type: z.literal("message_stop") }),
);
export type BetaRawMessageStopEvent = z.infer<typeof BetaRawMessageStopEventSchema>;

/** A content block begins (text starts empty, tool input starts `{}`). */
export const BetaRawContentBlockStartEventSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("content_block_start"),
    index: z.number(),
    content_block: BetaContentBlockSchema,
  }),
);
export type BetaRawContentBlockStartEvent = z.infer<typeof BetaRawContentBlockStartEventSchema>;

/** A content block grows. */
export const BetaRawContentBlockDeltaEventSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("content_block_delta"),
    index: z.number(),
    delta: BetaRawContentBlockDeltaSchema,
  }),
);
export type BetaRawContentBlockDeltaEvent = z.infer<typeof BetaRawContentBlockDeltaEventSchema>;

/** A content block is complete. */
export const BetaRawContentBlockStopEventSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("content_block_stop"),
    index: z.number(),
  }),
);
export type BetaRawContentBlockStopEvent = z.infer<typeof BetaRawContentBlockStopEventSchema>;

/**
 * A raw Messages API stream event as `stream_event` messages carry it. `ping` and `error` are not
 * here: the Anthropic SDK the CLI uses drops pings and throws on errors instead of yielding them.
 */
export const BetaRawMessageStreamEventSchema = lazySchema(() =>
  z.discriminatedUnion("type", [
    BetaRawMessageStartEventSchema,
    BetaRawMessageDeltaEventSchema,
    BetaRawMessageStopEventSchema,
    BetaRawContentBlockStartEventSchema,
    BetaRawContentBlockDeltaEventSchema,
    BetaRawContentBlockStopEventSchema,
  ]),
);
export type BetaRawMessageStreamEvent = z.infer<typeof BetaRawMessageStreamEventSchema>;

/** The keep-alive event of the Messages API's SSE stream. */
export const MessagesApiPingEventSchema = lazySchema(() => z.looseObject({ type: z.literal("ping") }));
export type MessagesApiPingEvent = z.infer<typeof MessagesApiPingEventSchema>;

/** An error reported mid-stream by the Messages API (e.g. `overloaded_error`). */
export const MessagesApiErrorEventSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("error"),
    error: z.looseObject({ type: z.string(), message: z.string() }),
  }),
);
export type MessagesApiErrorEvent = z.infer<typeof MessagesApiErrorEventSchema>;

/**
 * Every event of the Messages API's SSE stream, `ping` and `error` included: what a fake model
 * server writes and what an adapter reading the API directly receives.
 */
export const MessagesApiStreamEventSchema = lazySchema(() =>
  z.discriminatedUnion("type", [
    ...BetaRawMessageStreamEventSchema.options,
    MessagesApiPingEventSchema,
    MessagesApiErrorEventSchema,
  ]),
);
export type MessagesApiStreamEvent = z.infer<typeof MessagesApiStreamEventSchema>;
