import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/**
 * `GET /api/health`, the one route that needs no token. `database` names the store the server answered
 * from; a server whose database does not answer replies 503 `unavailable` instead (a load balancer then
 * sends its clients elsewhere).
 */
export const HealthSchema = lazySchema(() =>
  z.looseObject({ ok: z.literal(true), database: z.enum(["sqlite", "postgresql"]).optional() }),
);
export type Health = z.infer<typeof HealthSchema>;

/** `POST /api/auth/login-url`: a fresh one-time login URL for a browser. */
export const LoginUrlSchema = lazySchema(() => z.looseObject({ url: z.string() }));
export type LoginUrl = z.infer<typeof LoginUrlSchema>;
