import { HealthSchema, LoginUrlSchema } from "@parley/protocol";
import type { ServerContext } from "../../server-context.ts";
import { ApiError } from "../api-error.ts";
import { defineRoute, type RouteDefinition } from "../route.ts";

/** Health (the one public route) and minting login URLs for browsers. */
export function healthRoutes(context: ServerContext): RouteDefinition[] {
  return [
    defineRoute({
      method: "get",
      path: "/api/health",
      summary: "Liveness check, including the database; needs no token",
      tag: "server",
      auth: false,
      response: HealthSchema,
      handler: () => {
        try {
          context.store.check();
        } catch (error) {
          throw new ApiError("unavailable", `the database does not answer: ${(error as Error).message}`);
        }
        return { ok: true as const, database: context.store.kind };
      },
    }),
    defineRoute({
      method: "post",
      path: "/api/auth/login-url",
      summary: "A new one-time URL that signs a browser in",
      tag: "server",
      response: LoginUrlSchema,
      handler: () => ({
        url: `${context.origin()}/auth/login?code=${context.credentials.mintLoginCode(context.now())}`,
      }),
    }),
  ];
}
