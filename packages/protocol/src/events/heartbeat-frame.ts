import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/**
 * The liveness frame `GET /api/events` sends at least every 15 s (and first, on connect). It is a data
 * event, not a comment, so a client can detect a dead stream; it has no SSE `id:` line and its `seq` is the
 * last seq the connection delivered, so it never moves a client's cursor.
 */
export const HeartbeatFrameSchema = lazySchema(() =>
  z.looseObject({
    id: z.literal("heartbeat"),
    seq: z.int().nonnegative(),
    rev: z.int().nonnegative(),
    ts_ms: z.int().nonnegative(),
    kind: z.literal("heartbeat"),
  }),
);
export type HeartbeatFrame = z.infer<typeof HeartbeatFrameSchema>;
