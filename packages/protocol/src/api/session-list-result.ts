import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import type { ChatSession } from "./chat-session.ts";
import { SessionInfoSchema, sessionInfoToFrontend } from "./session-info.ts";

/** The outcome of listing an agent CLI's sessions (seed 003 `SessionListResult`). */
export const SessionListResultSchema = lazySchema(() =>
  z.looseObject({
    success: z.boolean(),
    sessions: z.array(SessionInfoSchema),
    error_message: z.string().nullable().optional(),
  }),
);
export type SessionListResult = z.infer<typeof SessionListResultSchema>;

/** The frontend's session list, in the order the CLI listed them; the caller reports failures first. */
export function sessionListResultToFrontend(result: SessionListResult): ChatSession[] {
  return result.sessions.map(sessionInfoToFrontend);
}
