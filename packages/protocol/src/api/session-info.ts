import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";
import type { ChatSession } from "./chat-session.ts";

/** One session an agent CLI knows about (seed 003 `SessionInfo`); `updated` is human-readable. */
export const SessionInfoSchema = lazySchema(() =>
  z.looseObject({
    session_id: z.string(),
    title: z.string(),
    updated: z.string(),
  }),
);
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

/** Seed 003's `SessionInfo.to_frontend_format`: the frontend's ChatSession. */
export function sessionInfoToFrontend(session: SessionInfo): ChatSession {
  return { id: session.session_id, title: session.title, updated: session.updated };
}
