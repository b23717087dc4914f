import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { IdSchema, TimestampMsSchema } from "./common.ts";

/** Lifecycle of one agent run. `interrupted` marks a run the server was killed during. */
export const RunStatusSchema = lazySchema(() =>
  z.enum(["running", "completed", "failed", "cancelled", "interrupted"]),
);
export type RunStatus = z.infer<typeof RunStatusSchema>;

/**
 * What a run is: a `turn` for the person's message, a `resume` that continues a conversation whose tool call
 * was answered after a restart (its prompt is empty), a `subagent`'s task, or a `compaction` of the history.
 */
export const RunKindSchema = lazySchema(() => z.enum(["turn", "resume", "subagent", "compaction"]));
export type RunKind = z.infer<typeof RunKindSchema>;

/** One agent run: a turn of an agent (or a subagent's task) from its prompt to its result. */
export const AgentRunSchema = lazySchema(() =>
  z.looseObject({
    id: z.string(),
    session_id: z.string(),
    agent_id: z.string(),
    parent_run_id: z.string().nullable(),
    kind: RunKindSchema.optional(),
    status: RunStatusSchema,
    model: z.string(),
    prompt: z.string(),
    started_at_ms: TimestampMsSchema,
    ended_at_ms: TimestampMsSchema.nullable(),
    /** The final answer text when the run succeeded. */
    result: z.string().nullable(),
    error: z.string().nullable(),
    /** A subagent run's `Task` call in its parent run (null for other runs). */
    tool_use_id: z.string().nullable().optional(),
    /** A subagent run's short task description, as its `Task` call gave it. */
    description: z.string().nullable().optional(),
  }),
);
export type AgentRun = z.infer<typeof AgentRunSchema>;

/** `GET /api/agent-runs?session_id=&project_root=` */
export const AgentRunsQuerySchema = lazySchema(() =>
  z.looseObject({
    session_id: IdSchema.optional(),
    project_root: z.string().min(1).optional(),
  }),
);
export type AgentRunsQuery = z.infer<typeof AgentRunsQuerySchema>;

/** A list of runs, oldest first. */
export const AgentRunListSchema = lazySchema(() => z.looseObject({ runs: z.array(AgentRunSchema) }));
export type AgentRunList = z.infer<typeof AgentRunListSchema>;

/** `GET /api/agent-children?run_id=` */
export const AgentChildrenQuerySchema = lazySchema(() => z.looseObject({ run_id: IdSchema }));

/** `GET /api/agent-context?run_id=&view=summary|raw` */
export const AgentContextQuerySchema = lazySchema(() =>
  z.looseObject({
    run_id: IdSchema,
    view: z.enum(["summary", "raw"]).default("summary"),
  }),
);
export type AgentContextQuery = z.infer<typeof AgentContextQuerySchema>;

/** One line of a run's context in the summary view. */
export const ContextEntrySchema = lazySchema(() =>
  z.looseObject({
    role: z.enum(["user", "assistant", "system"]),
    kind: z.string(),
    preview: z.string(),
  }),
);

/** A run's context: a summary (message count, token estimate, previews) or the raw SDK messages. */
export const AgentContextSchema = lazySchema(() =>
  z.looseObject({
    run: AgentRunSchema,
    view: z.enum(["summary", "raw"]),
    message_count: z.int().nonnegative(),
    estimated_tokens: z.int().nonnegative(),
    entries: z.array(ContextEntrySchema).optional(),
    messages: z.array(z.unknown()).optional(),
  }),
);
export type AgentContext = z.infer<typeof AgentContextSchema>;

/** `POST /api/agent-cancel`: cancels the run and all its descendants. */
export const AgentCancelRequestSchema = lazySchema(() =>
  z.looseObject({
    run_id: IdSchema,
    /** Also drop the messages waiting in the agent's queue (otherwise they start the next run). */
    clear_queue: z.boolean().optional(),
  }),
);
export type AgentCancelRequest = z.infer<typeof AgentCancelRequestSchema>;

/**
 * The runs a cancel request stopped (empty when the run had already ended), and the approvals and
 * questions it withdrew (those a run interrupted by a restart had left waiting).
 */
export const AgentCancelResponseSchema = lazySchema(() =>
  z.looseObject({
    cancelled: z.array(z.string()),
    cancelled_interactions: z.array(z.string()).optional(),
  }),
);
export type AgentCancelResponse = z.infer<typeof AgentCancelResponseSchema>;
