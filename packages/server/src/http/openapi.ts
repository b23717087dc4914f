import { ApiErrorBodySchema, JsonValueSchema, WorkspaceEntrySchema } from "@parley/protocol";
import { z } from "zod";
import type { RouteDefinition } from "./route.ts";

type JsonSchema = Record<string, unknown>;

/**
 * The OpenAPI 3.1 document of the API, generated from the same route definitions and protocol schemas
 * that validate requests, so it cannot drift from what the server accepts. Every body and response schema
 * is a named component; schemas that refer to each other (and recursive ones) use `$ref`s that resolve.
 */
export function openApiDocument(
  routes: readonly RouteDefinition[],
  version: string,
): { openapi: string; [key: string]: unknown } {
  const inputs = new SchemaNames("");
  const outputs = new SchemaNames("Output");
  for (const [schema, name] of [
    [JsonValueSchema, "JsonValue"],
    [WorkspaceEntrySchema, "WorkspaceEntry"],
  ] as const) {
    inputs.name(schema, name);
    outputs.name(schema, name);
  }
  const errorName = outputs.name(ApiErrorBodySchema, "ApiErrorBody");
  const operations = routes.map((route) => {
    const id = operationId(route);
    return {
      route,
      id,
      body: route.body && inputs.name(route.body, `${pascal(id)}Body`),
      query: route.query && inputs.name(route.query, `${pascal(id)}Query`),
      params: route.params && inputs.name(route.params, `${pascal(id)}Params`),
      response: outputs.name(route.response, `${pascal(id)}Response`),
    };
  });
  const components = { ...inputs.convert("input"), ...outputs.convert("output") };

  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const { route } = operation;
    const path = route.path.replace(/:([A-Za-z_]+)/g, "{$1}");
    const parameters = [
      ...parametersOf(components, operation.params, "path"),
      ...parametersOf(components, operation.query, "query"),
    ];
    paths[path] = {
      ...paths[path],
      [route.method]: {
        summary: route.summary,
        tags: [route.tag],
        operationId: operation.id,
        parameters,
        ...(operation.body !== undefined && {
          requestBody: { required: true, content: { "application/json": { schema: ref(operation.body) } } },
        }),
        responses: {
          [String(route.status ?? 200)]: {
            description: "Success",
            content: { [route.streams ?? "application/json"]: { schema: ref(operation.response) } },
          },
          default: { description: "Error", content: { "application/json": { schema: ref(errorName) } } },
        },
        ...(route.auth === false && { security: [] }),
      },
    };
  }
  // Query and path parameter objects are spelled out per parameter; drop their wrapper components.
  for (const operation of operations) {
    for (const name of [operation.query, operation.params]) if (name !== undefined) delete components[name];
  }
  return {
    openapi: "3.1.0",
    info: { title: "Parley API", version, description: "Parley's HTTP API and server-sent event stream." },
    servers: [{ url: "/" }],
    security: [{ bearer: [] }, { sessionCookie: [] }],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "The token Parley writes to its data directory",
        },
        sessionCookie: { type: "apiKey", in: "cookie", name: "parley_session" },
      },
    },
  };
}

/** Names each distinct schema once (the first name wins) and converts them together. */
class SchemaNames {
  readonly #names = new Map<z.ZodType, string>();
  readonly #suffix: string;

  constructor(suffix: string) {
    this.#suffix = suffix;
  }

  name(schema: z.ZodType, name: string): string {
    const existing = this.#names.get(schema);
    if (existing !== undefined) return existing;
    const unique = `${name}${this.#suffix}`;
    this.#names.set(schema, unique);
    return unique;
  }

  convert(io: "input" | "output"): Record<string, JsonSchema> {
    const registry = z.registry<{ id: string }>();
    for (const [schema, id] of this.#names) registry.add(schema, { id });
    const { schemas } = z.toJSONSchema(registry, {
      io,
      unrepresentable: "any",
      uri: (id) => `#/components/schemas/${id}`,
    });
    const result: Record<string, JsonSchema> = {};
    for (const [id, schema] of Object.entries(schemas)) {
      const { $schema: _dialect, $id: _id, ...body } = schema as JsonSchema;
      result[id] = body;
    }
    return this.#hoistShared(result);
  }

  /**
   * zod puts schemas that recur without a name of their own (a recursive DirectoryNode) under `__shared`'s
   * `$defs`, referenced as `…/__shared#/$defs/x`, which is not a JSON pointer into the document: each
   * becomes a component of its own and the references are rewritten to it.
   */
  #hoistShared(result: Record<string, JsonSchema>): Record<string, JsonSchema> {
    const shared = result.__shared as { $defs?: Record<string, JsonSchema> } | undefined;
    if (shared === undefined) return result;
    delete result.__shared;
    for (const [key, schema] of Object.entries(shared.$defs ?? {})) {
      result[`Shared_${key}${this.#suffix}`] = schema;
    }
    const text = JSON.stringify(result).replaceAll(
      /"#\/components\/schemas\/__shared#\/\$defs\/([^"]+)"/g,
      (_match, key: string) => JSON.stringify(`#/components/schemas/Shared_${key}${this.#suffix}`),
    );
    return JSON.parse(text) as Record<string, JsonSchema>;
  }
}

function ref(name: string): { $ref: string } {
  return { $ref: `#/components/schemas/${name}` };
}

function parametersOf(
  components: Record<string, JsonSchema>,
  name: string | undefined,
  location: "path" | "query",
) {
  if (name === undefined) return [];
  const schema = components[name] as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([parameter, property]) => ({
    name: parameter,
    in: location,
    required: location === "path" || (schema.required ?? []).includes(parameter),
    schema: property,
    ...(typeof property.description === "string" && { description: property.description }),
  }));
}

function operationId(route: RouteDefinition): string {
  const words = route.path.split(/[^A-Za-z0-9]+/).filter((word) => word !== "" && word !== "api");
  return [route.method, ...words.map((word) => word[0]?.toUpperCase() + word.slice(1))].join("");
}

function pascal(text: string): string {
  return text[0]?.toUpperCase() + text.slice(1);
}
