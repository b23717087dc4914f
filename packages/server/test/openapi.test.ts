import { PARLEY_VERSION } from "@parley/engine";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "../src/http/app.ts";
import { useTestServer } from "./support/use-test-server.ts";

interface Operation {
  operationId: string;
  parameters: { name: string; in: string; required: boolean; schema: object }[];
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { content: Record<string, { schema: object }> }>;
  security?: unknown[];
}
interface OpenApiDocument {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object> };
}

/** Every schema in an operation, named by where it sits. */
function schemasOf(path: string, method: string, operation: Operation): [string, object][] {
  const at = `${method.toUpperCase()} ${path}`;
  return [
    ...operation.parameters.map((parameter): [string, object] => [
      `${at} ${parameter.in} ${parameter.name}`,
      parameter.schema,
    ]),
    ...Object.entries(operation.requestBody?.content ?? {}).map(([type, media]): [string, object] => [
      `${at} request ${type}`,
      media.schema,
    ]),
    ...Object.entries(operation.responses).flatMap(([status, response]) =>
      Object.entries(response.content).map(([type, media]): [string, object] => [
        `${at} ${status} ${type}`,
        media.schema,
      ]),
    ),
  ];
}

/** The JSON pointers of every `$ref` in a value, with the pointer of where each one sits. */
function refsIn(value: unknown, at = "#"): { at: string; ref: string }[] {
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    key === "$ref" && typeof child === "string" ? [{ at, ref: child }] : refsIn(child, `${at}/${key}`),
  );
}

function resolvePointer(document: unknown, pointer: string): unknown {
  return pointer
    .slice(2)
    .split("/")
    .map((token) => token.replaceAll("~1", "/").replaceAll("~0", "~"))
    .reduce<unknown>(
      (node, token) =>
        typeof node === "object" && node !== null ? (node as Record<string, unknown>)[token] : undefined,
      document,
    );
}

/** Ajv with the JSON Schema 2020-12 dialect in strict mode (unknown keywords fail), and the standard formats. */
const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats.default(ajv);
// The document's component schemas, under an absolute id so `#/components/schemas/X` refs can be resolved.
const COMPONENTS_ID = "https://parley.dev/openapi-components.json";
let componentsAdded = false;
const compile = (schema: object, components?: object) => {
  if (components !== undefined && !componentsAdded) {
    const defs = JSON.parse(JSON.stringify(components).replaceAll('"#/components/schemas/', '"#/$defs/'));
    ajv.addSchema({ $id: COMPONENTS_ID, $defs: defs });
    componentsAdded = true;
  }
  const rewritten = JSON.parse(
    JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${COMPONENTS_ID}#/$defs/`),
  );
  return ajv.compile(rewritten);
};

describe("the OpenAPI document at /api/openapi.json", () => {
  let document: OpenApiDocument;
  const server = useTestServer();
  beforeAll(async () => {
    document = await server.json<OpenApiDocument>("GET", "/api/openapi.json");
  });

  it("documents exactly the routes the server registers, each with its method", () => {
    const routes = apiRoutes(server.server.context, PARLEY_VERSION);
    const registered = routes.map(
      (route) => `${route.method} ${route.path.replace(/:([A-Za-z_]+)/g, "{$1}")}`,
    );
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path}`),
    );

    expect(document.openapi).toBe("3.1.0");
    expect(document.info.version).toBe(PARLEY_VERSION);
    expect(documented.sort()).toEqual(registered.sort());
    expect(new Set(registered).size).toBe(registered.length);
  });

  it("describes every route's inputs, success response and error response", () => {
    const routes = apiRoutes(server.server.context, PARLEY_VERSION);
    for (const route of routes) {
      const path = route.path.replace(/:([A-Za-z_]+)/g, "{$1}");
      const operation = document.paths[path]?.[route.method] as Operation;
      const where = `${route.method} ${route.path}`;
      expect(operation.requestBody !== undefined, where).toBe(route.body !== undefined);
      const pathNames = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]);
      expect(
        operation.parameters
          .filter((parameter) => parameter.in === "path")
          .map((parameter) => parameter.name),
        where,
      ).toEqual(pathNames);
      expect(Object.keys(operation.responses).sort(), where).toEqual([
        String(route.status ?? 200),
        "default",
      ]);
      expect(operation.responses.default?.content["application/json"], where).toBeDefined();
      expect(operation.security, where).toEqual(route.auth === false ? [] : undefined);
    }
    expect(document.paths["/api/events"]?.get?.responses["200"]?.content["text/event-stream"]).toBeDefined();
    expect(
      document.paths["/api/workspace/tree"]?.get?.parameters.map((parameter) => [
        parameter.name,
        parameter.required,
      ]),
    ).toEqual([
      ["path", false],
      ["depth", false],
    ]);
  });

  it("holds only schemas that compile as JSON Schema 2020-12", () => {
    const all = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) => schemasOf(path, method, operation)),
    );
    // The error schema and the common parameters repeat; each distinct schema is compiled once.
    const distinct = new Map(all.map(([where, schema]) => [JSON.stringify(schema), where]));
    for (const [schema, where] of distinct) {
      expect(() => compile(JSON.parse(schema), document.components.schemas), where).not.toThrow();
    }
    expect(all.length).toBeGreaterThan(60);
  });

  it("accepts what the server really answers", async () => {
    for (const path of [
      "/api/health",
      "/api/sessions",
      "/api/settings",
      "/api/agents",
      "/api/workspace/tree",
    ]) {
      const schema = document.paths[path]?.get?.responses["200"]?.content["application/json"]
        ?.schema as object;
      const validate = compile(schema, document.components.schemas);
      const body = await server.json("GET", path);
      expect(validate(body), `${path}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it("has no $ref that points outside the document", () => {
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(0);
    for (const { at, ref } of refs) {
      expect(ref.startsWith("#/"), at).toBe(true);
      expect(resolvePointer(document, ref), `${at} → ${ref}`).toBeDefined();
    }
  });
});
