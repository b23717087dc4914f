import { lazySchema } from "@parley/protocol";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { setCookie } from "hono/cookie";
import { HTTPException } from "hono/http-exception";
import { TrieRouter } from "hono/router/trie-router";
import { z } from "zod";
import { agUiRoute } from "../agui/agui-route.ts";
import { MAX_BODY_BYTES } from "../limits/server-limits.ts";
import type { ServerContext } from "../server-context.ts";
import { PostgresError } from "../store/postgres/sync-bridge.ts";
import { ApiError } from "./api-error.ts";
import { isClientAbort } from "./client-abort.ts";
import { openApiDocument } from "./openapi.ts";
import { defineRoute, type RouteDefinition, registerRoutes } from "./route.ts";
import { agentCliRoutes } from "./routes/agent-cli-routes.ts";
import { approvalRoutes } from "./routes/approval-routes.ts";
import { askUserRoutes } from "./routes/ask-user-routes.ts";
import { chatRoutes } from "./routes/chat-routes.ts";
import { customCommandRoutes } from "./routes/custom-command-routes.ts";
import { eventsRoute } from "./routes/events-route.ts";
import { frontendRoutes } from "./routes/frontend-routes.ts";
import { healthRoutes } from "./routes/health-routes.ts";
import { limitsRoutes } from "./routes/limits-routes.ts";
import { mcpRoutes } from "./routes/mcp-routes.ts";
import { missionRoutes } from "./routes/mission-routes.ts";
import { permissionRuleRoutes } from "./routes/permission-rule-routes.ts";
import { planRoutes } from "./routes/plan-routes.ts";
import { runRoutes } from "./routes/run-routes.ts";
import { sessionRoutes } from "./routes/session-routes.ts";
import { settingsRoutes } from "./routes/settings-routes.ts";
import { workflowRoutes } from "./routes/workflow-routes.ts";
import { workspaceRoutes } from "./routes/workspace-routes.ts";
import { SESSION_COOKIE } from "./security/credentials.ts";
import { authGuard, hostGuard, jsonBodyGuard, originGuard, securityHeaders } from "./security/guards.ts";
import { serveWebUi } from "./static-ui.ts";

/** Who may reach the app: the Host values and browser Origins it answers. */
export interface AppAccess {
  allowedHosts: ReadonlySet<string>;
  allowedOrigins: ReadonlySet<string>;
  /** Set Secure on the session cookie (when served over https behind a proxy). */
  secureCookie: boolean;
  /** The built web UI (Vite's dist folder); the UI is not served when absent. */
  webRoot?: string | undefined;
}

/** The OpenAPI document, described as far as a client checks it. */
const OpenApiDocumentSchema = lazySchema(() => z.looseObject({ openapi: z.string() }));

/** Every API route, in one list: registered, documented in OpenAPI, and enumerated by the security tests. */
export function apiRoutes(context: ServerContext, version: string): RouteDefinition[] {
  const routes = [
    ...healthRoutes(context),
    ...limitsRoutes(context),
    eventsRoute(context),
    agUiRoute(context),
    ...chatRoutes(context),
    ...sessionRoutes(context),
    ...frontendRoutes(context),
    ...agentCliRoutes(context),
    ...runRoutes(context),
    ...askUserRoutes(context),
    ...approvalRoutes(context),
    ...planRoutes(context),
    ...permissionRuleRoutes(context),
    ...settingsRoutes(context),
    ...workspaceRoutes(context),
    ...missionRoutes(context),
    ...workflowRoutes(context),
    ...mcpRoutes(context),
    ...customCommandRoutes(context),
  ];
  const documentRoute: RouteDefinition = defineRoute({
    method: "get",
    path: "/api/openapi.json",
    summary: "This OpenAPI document",
    tag: "server",
    response: OpenApiDocumentSchema,
    handler: async () => {
      await Promise.all(routes.map((route) => route.prepare?.()));
      return openApiDocument([...routes, documentRoute], version);
    },
  });
  return [...routes, documentRoute];
}

/** The Hono app: security middleware in front of every route, then the API. */
export function createApp(
  context: ServerContext,
  access: AppAccess,
  routes: readonly RouteDefinition[],
): Hono {
  // Hono's default router compiles one regular expression per method from every route on the first request,
  // which the start's health check paid (~6 ms of CPU); the trie router inserts each route as it is added
  // and answers the same routes in the same order.
  const app = new Hono({ router: new TrieRouter() });
  const publicRoutes = new Set(
    routes
      .filter((route) => route.auth === false)
      .map((route) => `${route.method.toUpperCase()} ${route.path}`),
  );

  app.use(securityHeaders);
  app.use(hostGuard(access.allowedHosts));
  app.use(originGuard(access.allowedOrigins));
  app.use(
    "/api/*",
    authGuard(context.credentials, (method, path) => publicRoutes.has(`${method} ${path}`), context.now),
  );
  // Only the health check answers while the agents are still loading: no request sees a half-started server.
  app.use("/api/*", async (request, next) => {
    if (request.req.path !== "/api/health") await context.started();
    await next();
  });
  app.use("/api/*", jsonBodyGuard(MAX_BODY_BYTES));
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new ApiError("payload_too_large", `the body is larger than ${MAX_BODY_BYTES} bytes`);
      },
    }),
  );

  app.get("/auth/login", (request) => {
    const code = request.req.query("code") ?? "";
    const outcome = context.credentials.redeemLoginCode(code, context.now());
    if (outcome !== "signed-in") {
      const message = SIGN_IN_FAILURES[outcome];
      if (request.req.header("accept")?.includes("text/html"))
        return request.html(signInFailedPage(message), 401);
      throw new ApiError("unauthorized", `${message} ${NEW_LINK_HINT}`);
    }
    setCookie(request, SESSION_COOKIE, context.credentials.issueSessionCookie(context.now()), {
      httpOnly: true,
      sameSite: "Strict",
      path: "/",
      secure: access.secureCookie,
      maxAge: 30 * 24 * 60 * 60,
    });
    // `next` opens a page of the UI after signing in (a session a CLI points at); only the UI's own paths.
    const next = request.req.query("next") ?? "";
    return request.redirect(
      /^\/(?:sessions\/[A-Za-z0-9_-]+|workflows|settings)?$/.test(next) ? next : "/",
      303,
    );
  });

  registerRoutes(app, routes);
  if (access.webRoot !== undefined) serveWebUi(app, access.webRoot);

  app.notFound((request) => request.json(new ApiError("not_found", "no such route").toBody(), 404));
  app.onError((error, request) => {
    if (error instanceof ApiError) return request.json(error.toBody(), error.status as 400);
    if (error instanceof HTTPException) {
      const code =
        error.status === 413
          ? "payload_too_large"
          : error.status === 401
            ? "unauthorized"
            : "invalid_request";
      const apiError = new ApiError(code, error.message || "the request was refused");
      return request.json(apiError.toBody(), apiError.status as 400);
    }
    if (isClientAbort(error, request.req.raw)) {
      if (context.env.PARLEY_DEBUG) {
        console.debug(
          `parley: the client closed the connection during ${request.req.method} ${request.req.path}`,
        );
      }
      return request.json(
        new ApiError("invalid_request", "the request was not received in full").toBody(),
        400,
      );
    }
    if (error instanceof PostgresError && error.databaseAway) {
      // The server keeps serving what needs no database, and recovers by itself once PostgreSQL is back.
      const away = new ApiError("unavailable", `the database does not answer (${error.message}); try again`);
      return request.json(away.toBody(), away.status as 503);
    }
    console.error("parley: unexpected error while handling", request.req.method, request.req.path, error);
    return request.json(new ApiError("internal", "internal error; the server log has details").toBody(), 500);
  });
  return app;
}

/** Why a sign-in link did not sign the browser in, in the person's words. */
const SIGN_IN_FAILURES = {
  used: "This sign-in link was already used: each link signs one browser in, once.",
  expired: "This sign-in link has expired: a link works for a day.",
  unknown:
    "This sign-in link is not one this server gave out: the link was cut short when copied, or twenty newer links were printed since.",
} as const;

const NEW_LINK_HINT =
  "Run `parley open` (or `parley login` to only print it) in the project's folder for a new one.";

/** What a browser shows for a used, expired or made-up sign-in link (the token never appears in any page). */
function signInFailedPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Parley: sign-in link not valid</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>body{font:16px/1.5 system-ui,sans-serif;
max-width:38rem;margin:4rem auto;padding:0 1rem;color:#222}code,pre{background:#f2f2f2;padding:0 .25rem}
pre{padding:.5rem .75rem;font-size:1.05em}@media (prefers-color-scheme:dark){body{background:#161616;color:#ddd}
code,pre{background:#2a2a2a}a{color:#8ab4f8}}</style></head>
<body><h1>Sign-in link not valid</h1><p data-testid="sign-in-failure">${message}</p>
<p>For a new link, run this in the project's folder, where the server runs:</p>
<pre data-testid="sign-in-command">parley open</pre>
<p>It opens this page signed in (<code>parley login</code> only prints the link, for a browser on another
machine). From a clone of Parley, without <code>parley</code> on your <code>PATH</code>:
<code>npx parley open --project &lt;project&gt;</code> inside the clone. Restarting <code>parley serve</code>
(or <code>npm start</code>) also prints a new link.</p>
<p>If this browser is already signed in, <a href="/">open Parley</a>.</p></body></html>`;
}
