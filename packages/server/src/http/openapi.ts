import { ApiErrorBodySchema } from "@parley/protocol";
import { z } from "zod";
import type { RouteDefinition } from "./route.ts";

/**
 * The OpenAPI 3.1 document of the API, generated from the same route definitions and protocol schemas
 * that validate requests, so it cannot drift from what the server accepts.
 */
export function openApiDocument(
  routes: readonly RouteDefinition[],
  version: string,
): { openapi: string; [key: string]: unknown } {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z_]+)/g, "{$1}");
    const operation: Record<string, unknown> = {
      summary: route.summary,
      tags: [route.tag],
      operationId: `${route.method}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_match, next: string | undefined) => (next ?? "").toUpperCase())}`,
      parameters: [...parameters(route.params, "path"), ...parameters(route.query, "query")],
      responses: {
        [String(route.status ?? 200)]: {
          description: "Success",
          content: { [route.streams ?? "application/json"]: { schema: schemaOf(route.response, "output") } },
        },
        default: {
          description: "Error",
          content: { "application/json": { schema: schemaOf(ApiErrorBodySchema, "output") } },
        },
      },
      ...(route.auth === false ? { security: [] } : {}),
    };
    if (route.body !== undefined) {
      operation.requestBody = {
        required: true,
        content: { "application/json": { schema: schemaOf(route.body, "input") } },
      };
    }
    paths[path] = { ...paths[path], [route.method]: operation };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Parley API", version, description: "Parley's HTTP API and server-sent event stream." },
    servers: [{ url: "/" }],
    security: [{ bearer: [] }, { sessionCookie: [] }],
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "The token Parley writes to PARLEY_HOME" },
        sessionCookie: { type: "apiKey", in: "cookie", name: "parley_session" },
      },
    },
    paths,
  };
}

function schemaOf(schema: z.ZodType, io: "input" | "output"): unknown {
  const { $schema: _dialect, ...body } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  return body;
}

function parameters(schema: z.ZodType | undefined, location: "path" | "query"): unknown[] {
  if (schema === undefined) return [];
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, { description?: string }>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === "path" || (json.required ?? []).includes(name),
    schema: property,
    ...(property.description !== undefined && { description: property.description }),
  }));
}
