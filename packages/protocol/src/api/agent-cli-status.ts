import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { AgentCliNameSchema } from "./agent-backend.ts";

/** Whether an agent CLI can be used: found and new enough, absent, older than supported, or not runnable. */
export const AgentCliAvailabilitySchema = lazySchema(() =>
  z.enum(["installed", "missing", "too_old", "broken"]),
);
export type AgentCliAvailability = z.infer<typeof AgentCliAvailabilitySchema>;

/** What discovery found out about one agent CLI, as Settings shows it. */
export const AgentCliStatusSchema = lazySchema(() =>
  z.looseObject({
    name: AgentCliNameSchema,
    /** Its product name, e.g. "Claude Code". */
    label: z.string(),
    availability: AgentCliAvailabilitySchema,
    /** The command Parley runs (a name looked up on PATH, or a configured path). */
    command: z.string(),
    /** Where the command was found, when it was. */
    path: z.string().nullable(),
    version: z.string().nullable(),
    minimumVersion: z.string(),
    /** One sentence for the user: what was found, or what is wrong and how to fix it. */
    message: z.string(),
  }),
);
export type AgentCliStatus = z.infer<typeof AgentCliStatusSchema>;

/** Every agent CLI's status: what `GET /api/agent-clis` answers. */
export const AgentCliStatusArraySchema = lazySchema(() => z.array(AgentCliStatusSchema));
