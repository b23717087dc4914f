import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

const positive = lazySchema(() => z.number().positive());

/**
 * `GET /api/limits`: the limits that keep one client from exhausting the server, as in force (defaults,
 * then environment variables). Each says what happens when it is reached in the README's Limits table.
 */
export const ServerLimitsViewSchema = lazySchema(() =>
  z.looseObject({
    /** Largest chat message, in characters (400 naming `body.text` past it). */
    max_message_chars: positive,
    /** Largest request body, in bytes (413 past it). */
    max_body_bytes: positive,
    /** Messages one agent's queue holds while it works (429 `queue_full` past it). */
    max_queue_length: positive,
    /** Unsent bytes one event stream may hold; a client over it reads from the log, then is cut off. */
    sse_buffer_bytes: positive,
    /** How long a client may stay over its buffer before it is disconnected (it resumes by cursor). */
    sse_drain_timeout_ms: positive,
    /** Event log retention; a client behind it gets a typed resync and reloads the session state. */
    event_retention: z.looseObject({
      max_events: positive,
      max_age_ms: positive,
      max_bytes: positive,
      /** Token deltas of runs that ended this long ago are dropped; their messages keep the final text. */
      compact_tokens_after_ms: positive,
    }),
    /** What the event log holds now. */
    event_log: z.looseObject({
      events_bytes: z.number().nonnegative(),
      head_seq: z.number().int().nonnegative(),
    }),
  }),
);
export type ServerLimitsView = z.infer<typeof ServerLimitsViewSchema>;
