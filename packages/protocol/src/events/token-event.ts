import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { EventRoutingSchema } from "./event-routing.ts";

/** A streamed model token (seed 002 `Token`); `thinking` marks reasoning text and `done` ends the stream. */
export const TokenEventSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("Token"),
    agent_id: z.string(),
    token: z.string(),
    done: z.boolean(),
    thinking: z.boolean(),
    /** The message the token streams into, so a client appends it to the right bubble. */
    message_id: z.string().optional(),
    run_id: z.string().optional(),
    /**
     * The model request was retried after its stream broke: discard what was streamed into `message_id`
     * before this token (whose text, if any, starts the retried stream).
     */
    reset: z.boolean().optional(),
    ...EventRoutingSchema.shape,
  }),
);
export type TokenEvent = z.infer<typeof TokenEventSchema>;
