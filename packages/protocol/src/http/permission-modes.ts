import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { AgentIdSchema, TimestampMsSchema } from "./common.ts";

/**
 * The permission modes a person can choose for an agent (the Claude Agent SDK's names): `default` asks
 * before changes, `acceptEdits` also allows file edits, `plan` only reads and answers with a plan,
 * `bypassPermissions` allows everything but protected paths, `dontAsk` denies whatever would ask.
 */
export const SelectablePermissionModeSchema = lazySchema(() =>
  z.enum(["default", "acceptEdits", "plan", "bypassPermissions", "dontAsk"]),
);
export type SelectablePermissionMode = z.infer<typeof SelectablePermissionModeSchema>;

/** Where an agent's mode comes from: this session's choice, the agent override, settings, or the default. */
export const PermissionModeSourceSchema = lazySchema(() =>
  z.enum(["session", "agent_override", "settings", "default"]),
);
export type PermissionModeSource = z.infer<typeof PermissionModeSourceSchema>;

/** The permission mode an agent of a session runs in, and where it comes from. */
export const AgentPermissionModeSchema = lazySchema(() =>
  z.looseObject({
    agent_id: z.string(),
    permission_mode: z.string(),
    source: PermissionModeSourceSchema,
    /** When the session's own choice was made (absent for inherited modes). */
    updated_at_ms: TimestampMsSchema.optional(),
  }),
);
export type AgentPermissionMode = z.infer<typeof AgentPermissionModeSchema>;

/** `POST /api/sessions/:session_id/mode`: sets the permission mode of one agent of the session. */
export const SetPermissionModeRequestSchema = lazySchema(() =>
  z.looseObject({
    agent_id: AgentIdSchema,
    permission_mode: SelectablePermissionModeSchema,
  }),
);
export type SetPermissionModeRequest = z.infer<typeof SetPermissionModeRequestSchema>;
