import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/** `GET /api/health`, the one route that needs no token. */
export const HealthSchema = lazySchema(() => z.looseObject({ ok: z.literal(true) }));
export type Health = z.infer<typeof HealthSchema>;

/** `POST /api/auth/login-url`: a fresh one-time login URL for a browser. */
export const LoginUrlSchema = lazySchema(() => z.looseObject({ url: z.string() }));
export type LoginUrl = z.infer<typeof LoginUrlSchema>;
