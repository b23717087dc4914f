import { lazySchema, type SDKMessage, SDKToolProgressMessageSchema, UuidSchema } from "@parley/protocol";
import { z } from "zod";

/**
 * `system`/`model_fallback` (a Parley extension; SDK consumers ignore unknown subtypes): the preferred
 * model kept failing after its retries, so the turn continues on `actual`. The server turns it into
 * seed 002's `ModelFallback` event. Models are `provider:model` references.
 */
export const SDKModelFallbackMessageSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("system"),
    subtype: z.literal("model_fallback"),
    preferred: z.string(),
    actual: z.string(),
    reason: z.string(),
    uuid: UuidSchema,
    session_id: z.string(),
  }),
);
export type SDKModelFallbackMessage = z.infer<typeof SDKModelFallbackMessageSchema>;

/**
 * `tool_progress` with the line a running tool printed (Parley adds `line` and `stream` to the SDK's
 * message, which only carries the elapsed time); seed 002's `ToolProgress` event is made from it.
 */
export const ToolProgressLineMessageSchema = lazySchema(() =>
  SDKToolProgressMessageSchema.extend({
    line: z.string(),
    stream: z.enum(["stdout", "stderr"]),
  }),
);
export type ToolProgressLineMessage = z.infer<typeof ToolProgressLineMessageSchema>;

/** Everything `runAgentTurn` emits: SDK messages plus Parley's `model_fallback` extension. */
export type EngineMessage = SDKMessage | SDKModelFallbackMessage;
