import { z } from "zod";
import { AgentBackendSchema, CliArgumentValueSchema } from "../api/agent-backend.ts";
import { lazySchema } from "../shared/lazy-schema.ts";
import { MAX_CHAT_TEXT } from "./chat.ts";
import { AgentIdSchema, ClientMessageIdSchema, IdSchema } from "./common.ts";

/** `POST /api/sessions` */
export const CreateSessionRequestSchema = lazySchema(() =>
  z.looseObject({
    title: z.string().trim().min(1).max(200).optional(),
    /** Who answers the session: Parley's engine or an installed agent CLI; the server's default when absent. */
    backend: AgentBackendSchema.optional(),
    /** The model an agent CLI backend uses (its own naming, e.g. `provider/model` for OpenCode). */
    backend_model: CliArgumentValueSchema.optional(),
    /** A named agent of an agent CLI backend (OpenCode's `plan`, Claude Code's subagents, a Codex profile). */
    backend_agent: CliArgumentValueSchema.optional(),
  }),
);
export type CreateSessionRequest = z.infer<typeof CreateSessionRequestSchema>;

/** `PATCH /api/sessions/:session_id` */
export const RenameSessionRequestSchema = lazySchema(() =>
  z.looseObject({ title: z.string().trim().min(1).max(200) }),
);
export type RenameSessionRequest = z.infer<typeof RenameSessionRequestSchema>;

/** Path parameters of session routes. */
export const SessionParamsSchema = lazySchema(() => z.looseObject({ session_id: IdSchema }));

/** `DELETE /api/sessions/:session_id` result. */
export const SessionDeletedSchema = lazySchema(() =>
  z.looseObject({ deleted: z.literal(true), session_id: z.string() }),
);

/** `POST /api/sessions/:session_id/messages` (seed 003): send and wait for the agent's reply. */
export const SendMessageRequestSchema = lazySchema(() =>
  z.looseObject({
    text: z.string().trim().min(1, "must not be empty").max(MAX_CHAT_TEXT),
    agent_id: AgentIdSchema,
    client_message_id: ClientMessageIdSchema.optional(),
  }),
);
export type SendMessageRequest = z.infer<typeof SendMessageRequestSchema>;

/** `GET /api/sessions/:session_id/status?agent_id=` */
export const AgentQuerySchema = lazySchema(() => z.looseObject({ agent_id: AgentIdSchema }));

/** `GET /api/agents?backend=`: whose agents; the server's default backend when absent. */
export const AgentsQuerySchema = lazySchema(() => z.looseObject({ backend: AgentBackendSchema.optional() }));
