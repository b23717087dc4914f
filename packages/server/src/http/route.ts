import { type DecodeIssue, decodeWith } from "@parley/protocol";
import type { Context, Hono } from "hono";
import type { z } from "zod";
import { ApiError } from "./api-error.ts";

/** HTTP methods the API uses. */
export type RouteMethod = "get" | "post" | "put" | "patch" | "delete";

/**
 * One API route: its inputs and output as protocol schemas, and its handler. The same definition drives
 * request validation, the OpenAPI document and the security tests' route enumeration.
 */
export interface RouteDefinition<
  Body extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Params extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  method: RouteMethod;
  path: string;
  summary: string;
  tag: string;
  /**
   * Loads what the route's schemas and handler need when that is a module imported on first use (so a start
   * does not load it); awaited before a request is validated and before the OpenAPI document is built.
   */
  prepare?: () => Promise<unknown>;
  /** False only for the health check; every other route needs the token or session cookie. */
  auth?: boolean;
  body?: Body;
  query?: Query;
  params?: Params;
  response: Response;
  status?: 200 | 201;
  handler: (input: {
    body: z.output<Body>;
    query: z.output<Query>;
    params: z.output<Params>;
    context: Context;
  }) => z.input<Response> | globalThis.Response | Promise<z.input<Response> | globalThis.Response>;
  /** Documented content type of a streaming route (the handler then returns a Response itself). */
  streams?: string;
}

/** Declares a route with its types inferred from its schemas. */
export function defineRoute<
  Body extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Params extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
>(route: RouteDefinition<Body, Query, Params, Response>): RouteDefinition {
  return route as unknown as RouteDefinition;
}

/** Adds each route to the app, validating params, query and body before the handler runs. */
export function registerRoutes(app: Hono, routes: readonly RouteDefinition[]): void {
  for (const route of routes) {
    app.on(route.method.toUpperCase(), route.path, async (context) => {
      await route.prepare?.();
      const params = validate(route.params, context.req.param(), "params");
      const query = validate(route.query, context.req.query(), "query");
      const body =
        route.body === undefined ? undefined : validate(route.body, await readJson(context), "body");
      const result = await route.handler({ body, query, params, context });
      if (result instanceof Response) return result;
      return context.json(result as object, route.status ?? 200);
    });
  }
}

function validate(
  schema: z.ZodType | undefined,
  input: unknown,
  where: "params" | "query" | "body",
): unknown {
  if (schema === undefined) return input;
  const result = decodeWith(schema, input);
  if (result.success) return result.value;
  const issues = result.error.issues.map((issue: DecodeIssue) => ({
    path: issue.path ? `${where}.${issue.path}` : where,
    message: issue.message,
  }));
  throw new ApiError("invalid_request", issues.map((issue) => `${issue.path}: ${issue.message}`).join("; "), {
    issues,
  });
}

async function readJson(context: Context): Promise<unknown> {
  const text = await context.req.text();
  if (text.trim() === "") throw new ApiError("invalid_json", "the request body is empty; send a JSON object");
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ApiError("invalid_json", `the request body is not valid JSON: ${reason}`);
  }
}
