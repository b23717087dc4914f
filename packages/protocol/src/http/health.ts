import { z } from "zod";

/** `GET /api/health`, the one route that needs no token. */
export const HealthSchema = z.looseObject({ ok: z.literal(true) });
export type Health = z.infer<typeof HealthSchema>;

/** `POST /api/auth/login-url`: a fresh one-time login URL for a browser. */
export const LoginUrlSchema = z.looseObject({ url: z.string() });
export type LoginUrl = z.infer<typeof LoginUrlSchema>;
