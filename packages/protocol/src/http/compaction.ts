import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { AgentIdSchema } from "./common.ts";

/** `POST /api/sessions/:session_id/compact`: summarises an idle agent's conversation now. */
export const CompactRequestSchema = lazySchema(() =>
  z.looseObject({
    agent_id: AgentIdSchema,
    /** What the summary should keep, in the person's words. */
    instructions: z.string().trim().max(10_000).optional(),
  }),
);
export type CompactRequest = z.infer<typeof CompactRequestSchema>;

/**
 * What a compaction did: the run that recorded it, the SystemControl message marking where it happened,
 * and the conversation's estimated size before and after.
 */
export const CompactResponseSchema = lazySchema(() =>
  z.looseObject({
    session_id: z.string(),
    agent_id: z.string(),
    run_id: z.string(),
    message_id: z.string(),
    pre_tokens: z.int().nonnegative(),
    post_tokens: z.int().nonnegative(),
  }),
);
export type CompactResponse = z.infer<typeof CompactResponseSchema>;
