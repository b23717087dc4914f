import { z } from "zod";
import { AgentCliNameSchema } from "./agent-backend.ts";

/** Path parameters naming an agent CLI: `/api/agent-clis/:name/…`. */
export const AgentCliParamsSchema = z.looseObject({ name: AgentCliNameSchema });
export type AgentCliParams = z.infer<typeof AgentCliParamsSchema>;

/** Path parameters naming one of an agent CLI's own sessions, to import it into Parley. */
export const ExternalSessionParamsSchema = z.looseObject({
  name: AgentCliNameSchema,
  /** The CLI's session id: letters, digits, `-`, `_` and `.` (OpenCode `ses_…`, Codex and Claude UUIDs). */
  session_id: z.string().regex(/^[\w.-]{1,128}$/, "must be a CLI session id"),
});
export type ExternalSessionParams = z.infer<typeof ExternalSessionParamsSchema>;
