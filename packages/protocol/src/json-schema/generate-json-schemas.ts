import { z } from "zod";
import { JsonValueSchema } from "../shared/json-value.ts";
import { publicSchemas } from "./public-schemas.ts";

/** Generated JSON Schema documents, keyed by file name under `schema/`. */
export type JsonSchemaFiles = Record<string, string>;

/**
 * Builds one JSON Schema (draft 2020-12) document per message family. Every public schema of the family is a
 * `$defs` entry, and schemas that refer to each other do so by `$ref: "#/$defs/<Name>"`, so one file is enough
 * for clients in other languages to generate types or validate. Non-JSON members (the callbacks of
 * QueryOptions) are rendered as `{}` rather than failing.
 */
export function generateJsonSchemas(): JsonSchemaFiles {
  const files: JsonSchemaFiles = {};
  for (const [family, schemas] of Object.entries(publicSchemas)) {
    const document = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: `https://parley.dev/schema/${family}.json`,
      title: `Parley protocol: ${family} messages`,
      $defs: familyDefinitions(schemas),
    };
    files[`${family}.json`] = `${JSON.stringify(document, null, 2)}\n`;
  }
  return files;
}

function familyDefinitions(schemas: Record<string, z.ZodType>): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  // The recursive JSON value is shared by every family; registering it keeps its self-reference resolvable.
  const names = new Map<z.ZodType, string>([[JsonValueSchema, "JsonValue"]]);
  const aliases: Record<string, string> = {};
  for (const name of Object.keys(schemas).sort()) {
    const schema = schemas[name] as z.ZodType;
    const existing = names.get(schema);
    if (existing === undefined) names.set(schema, name);
    else aliases[name] = existing;
  }
  for (const [schema, id] of names) registry.add(schema, { id });
  const { schemas: definitions } = z.toJSONSchema(registry, {
    uri: (id) => `#/$defs/${id}`,
    unrepresentable: "any",
    io: "input",
  });
  const result: Record<string, unknown> = {};
  for (const [id, definition] of Object.entries(definitions)) {
    const { $schema: _dialect, $id: _id, ...body } = definition as Record<string, unknown>;
    result[id] = body;
  }
  for (const [alias, target] of Object.entries(aliases)) result[alias] = { $ref: `#/$defs/${target}` };
  return Object.fromEntries(Object.entries(result).sort(([a], [b]) => a.localeCompare(b)));
}
