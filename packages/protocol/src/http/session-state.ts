import { z } from "zod";
import { AgentBackendSchema } from "../api/agent-backend.ts";
import { AskUserQuestionSchema } from "../events/ask-user-question.ts";
import { QueuedMessageSchema } from "../events/queue-updated-event.ts";
import { lazySchema } from "../shared/lazy-schema.ts";
import { ApprovalSchema } from "./approvals.ts";
import { TimestampMsSchema } from "./common.ts";
import { AgentPermissionModeSchema } from "./permission-modes.ts";
import { AgentRunSchema } from "./runs.ts";

/** A session as the session list and state show it. */
export const SessionSummarySchema = lazySchema(() =>
  z.looseObject({
    id: z.string(),
    title: z.string(),
    project_root: z.string(),
    created_at_ms: TimestampMsSchema,
    updated_at_ms: TimestampMsSchema,
    /** Who answers the session (absent from servers that predate agent CLI backends: `parley`). */
    backend: AgentBackendSchema.optional(),
    /** The model and named agent an agent CLI backend runs with, when the session chose them. */
    backend_model: z.string().nullable().optional(),
    backend_agent: z.string().nullable().optional(),
    /** The model the agent CLI said it answered with (its own id), once a run reported one. */
    backend_reported_model: z.string().nullable().optional(),
    /**
     * Where the session is kept, when not here: `acp` is an editor's thread over `parley acp`, which this
     * server shows read-only as it goes (the editor continues it; absent or null: a session of this server).
     */
    origin: z.enum(["acp"]).nullable().optional(),
  }),
);
export type SessionSummary = z.infer<typeof SessionSummarySchema>;

/** A persisted chat item: one rich message (`{kind, data}`) with its place in the session. */
export const StoredMessageSchema = lazySchema(() =>
  z.looseObject({
    id: z.string(),
    session_id: z.string(),
    position: z.int().nonnegative(),
    agent_id: z.string(),
    role: z.enum(["user", "assistant", "system"]),
    /** The rich message; typed loosely here so a newer kind never fails the whole state. */
    rich: z.looseObject({ kind: z.string(), data: z.unknown() }),
    run_id: z.string().nullable(),
    created_at_ms: TimestampMsSchema,
    /** The id the sending client chose for a user message, so a client can match its optimistic bubble. */
    client_message_id: z.string().optional(),
  }),
);
export type StoredMessage = z.infer<typeof StoredMessageSchema>;

/**
 * An AskUser question still waiting for its answer. `message_id` is the Question chat message that shows it;
 * `source` says whether the agent asked with its AskUserQuestion tool or wrote the question as JSON.
 */
export const PendingQuestionSchema = lazySchema(() =>
  z.looseObject({
    question_id: z.string(),
    agent_id: z.string(),
    run_id: z.string().nullable(),
    questions: z.array(AskUserQuestionSchema),
    asked_at_ms: TimestampMsSchema,
    message_id: z.string().optional(),
    source: z.enum(["tool", "text"]).optional(),
  }),
);
export type PendingQuestion = z.infer<typeof PendingQuestionSchema>;

/** What one agent of the session is doing right now. */
export const AgentActivitySchema = lazySchema(() =>
  z.looseObject({
    agent_id: z.string(),
    processing: z.boolean(),
    run_id: z.string().nullable(),
    started_at_ms: TimestampMsSchema.nullable(),
  }),
);
export type AgentActivity = z.infer<typeof AgentActivitySchema>;

/** Text an agent is streaming right now, as of the snapshot's `head_seq`; later tokens continue it. */
export const StreamingSegmentSchema = lazySchema(() =>
  z.looseObject({
    agent_id: z.string(),
    run_id: z.string(),
    /** The id the segment's tokens carry and the text will be stored under. */
    message_id: z.string(),
    text: z.string(),
    thinking: z.string(),
  }),
);
export type StreamingSegment = z.infer<typeof StreamingSegmentSchema>;

/**
 * `GET /api/sessions/:session_id/state`: everything a client needs to render a session, consistent as of
 * `head_seq`. After a resync a client replaces its state with this and applies only events with a higher seq.
 */
export const SessionStateSchema = lazySchema(() =>
  z.looseObject({
    session: SessionSummarySchema,
    messages: z.array(StoredMessageSchema),
    /** True when older messages exist than the ones included (page with `before_position`). */
    has_more_messages: z.boolean(),
    queue: z.array(QueuedMessageSchema),
    pending_questions: z.array(PendingQuestionSchema),
    /** Tool calls waiting for a person's approval (answer with `POST /api/approvals/:approval_id`). */
    pending_approvals: z.array(ApprovalSchema).optional(),
    agents: z.array(AgentActivitySchema),
    /** The permission mode each agent of the session runs in. */
    permission_modes: z.array(AgentPermissionModeSchema).optional(),
    streaming: z.array(StreamingSegmentSchema),
    /** The runs the included messages belong to, with how each ended, so a turn renders its outcome. */
    runs: z.array(AgentRunSchema),
    head_seq: z.int().nonnegative(),
  }),
);
export type SessionState = z.infer<typeof SessionStateSchema>;

/** Paging of `GET /api/sessions/:session_id/state` and `/messages`: the newest `limit` before a position. */
export const MessagePageQuerySchema = lazySchema(() =>
  z.looseObject({
    before_position: z
      .string()
      .regex(/^\d{1,12}$/, "expected a non-negative integer")
      .transform(Number)
      .optional(),
    limit: z
      .string()
      .regex(/^\d{1,5}$/, "expected a positive integer")
      .transform(Number)
      .pipe(z.number().int().min(1).max(10_000))
      .optional(),
  }),
);
export type MessagePageQuery = z.infer<typeof MessagePageQuerySchema>;

/** `GET /api/sessions` (Parley's own list with timestamps; seed 003's ChatSession list is `/api/chat-sessions`). */
export const SessionListSchema = lazySchema(() => z.looseObject({ sessions: z.array(SessionSummarySchema) }));
export type SessionList = z.infer<typeof SessionListSchema>;

/** A page of messages, oldest first. */
export const MessagePageSchema = lazySchema(() =>
  z.looseObject({
    messages: z.array(StoredMessageSchema),
    has_more_messages: z.boolean(),
  }),
);
export type MessagePage = z.infer<typeof MessagePageSchema>;
