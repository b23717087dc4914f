import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/**
 * Routing fields a server event may carry so a client of the shared `/api/events` stream can tell which
 * session and project it belongs to. Absent means the event is not scoped (e.g. a global refresh).
 */
export const EventRoutingSchema = lazySchema(() =>
  z.looseObject({
    session_id: z.string().optional(),
    project_root: z.string().optional(),
  }),
);
export type EventRouting = z.infer<typeof EventRoutingSchema>;
