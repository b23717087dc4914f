import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import { AgentCliNameSchema } from "./agent-backend.ts";

/** Path parameters naming an agent CLI: `/api/agent-clis/:name/…`. */
export const AgentCliParamsSchema = lazySchema(() => z.looseObject({ name: AgentCliNameSchema }));
export type AgentCliParams = z.infer<typeof AgentCliParamsSchema>;

/** Path parameters naming one of an agent CLI's own sessions, to import it into Parley. */
export const ExternalSessionParamsSchema = lazySchema(() =>
  z.looseObject({
    name: AgentCliNameSchema,
    /**
     * The CLI's session id: letters, digits, `-`, `_` and `.`, starting with a letter, digit or `_` so no CLI
     * reads it as an option (OpenCode `ses_…`, Codex and Claude UUIDs).
     */
    session_id: z
      .string()
      .regex(
        /^\w[\w.-]{0,127}$/,
        "must be a CLI session id (letters, digits, '_', '.', '-'; not starting with '-')",
      ),
  }),
);
export type ExternalSessionParams = z.infer<typeof ExternalSessionParamsSchema>;
