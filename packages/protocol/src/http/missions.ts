import { z } from "zod";
import { ModelRefSchema } from "../config/settings.ts";
import { lazySchema } from "../shared/lazy-schema.ts";
import { IdSchema, TimestampMsSchema } from "./common.ts";

/** A mission: the standing goal of a project that agents see with every run. */
export const MissionSchema = lazySchema(() =>
  z.looseObject({
    id: z.string(),
    project_root: z.string(),
    text: z.string(),
    created_at_ms: TimestampMsSchema,
    cleared_at_ms: TimestampMsSchema.nullable(),
  }),
);
export type Mission = z.infer<typeof MissionSchema>;

/** `GET /api/mission`: the active mission, if any. */
export const ActiveMissionSchema = lazySchema(() => z.looseObject({ mission: MissionSchema.nullable() }));
export type ActiveMission = z.infer<typeof ActiveMissionSchema>;

/** `GET /api/missions`: every mission of the project, newest first. */
export const MissionHistorySchema = lazySchema(() => z.looseObject({ missions: z.array(MissionSchema) }));
export type MissionHistory = z.infer<typeof MissionHistorySchema>;

/** `POST /api/mission`: sets the active mission (the previous one is cleared). */
export const SetMissionRequestSchema = lazySchema(() =>
  z.looseObject({
    project_root: z.string().min(1).optional(),
    text: z.string().trim().min(1).max(20_000),
  }),
);
export type SetMissionRequest = z.infer<typeof SetMissionRequestSchema>;

/** `GET /api/agent-override?agent_id=`: per-agent settings for this project. */
export const AgentOverrideQuerySchema = lazySchema(() =>
  z.looseObject({
    project_root: z.string().min(1).optional(),
    agent_id: IdSchema,
  }),
);

/** Per-agent settings that win over the project's: model, system prompt, permission mode. */
export const AgentOverrideSchema = lazySchema(() =>
  z.looseObject({
    project_root: z.string(),
    agent_id: z.string(),
    model: z.string().optional(),
    system_prompt: z.string().max(100_000).optional(),
    permission_mode: z.string().optional(),
    updated_at_ms: TimestampMsSchema,
  }),
);
export type AgentOverride = z.infer<typeof AgentOverrideSchema>;

/** `GET /api/agent-override` result. */
export const AgentOverrideViewSchema = lazySchema(() =>
  z.looseObject({ override: AgentOverrideSchema.nullable() }),
);

/** `POST /api/agent-override`: replaces the override of an agent. */
export const SetAgentOverrideRequestSchema = lazySchema(() =>
  z.looseObject({
    project_root: z.string().min(1).optional(),
    agent_id: IdSchema,
    model: ModelRefSchema.optional(),
    system_prompt: z.string().max(100_000).optional(),
    permission_mode: z.enum(["default", "acceptEdits", "plan", "bypassPermissions"]).optional(),
  }),
);
export type SetAgentOverrideRequest = z.infer<typeof SetAgentOverrideRequestSchema>;
