import type { z } from "zod";

/**
 * Whether `schema` gives back, for any input it accepts, a value equal to that input: no transform, default,
 * pipe, catch, coercion or overwriting check anywhere below it, and every object keeps its unknown keys (loose or
 * strict, not stripping). For such a schema a decoder that owns its input (it parsed the JSON itself) may check
 * the input and keep it instead of building a copy field by field.
 */
export function outputIsInput(schema: z.ZodType): boolean {
  return sameOut(schema, new Set());
}

/** Types whose output is their input (their checks are looked at separately). */
const LEAVES = new Set([
  "string",
  "number",
  "boolean",
  "null",
  "undefined",
  "literal",
  "enum",
  "template_literal",
  "unknown",
  "any",
  "never",
  "custom",
]);

function sameOut(schema: z.ZodType, seen: Set<z.ZodType>): boolean {
  if (seen.has(schema)) return true; // a cycle: the part is being checked further up
  seen.add(schema);
  const definition = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const checks = (definition.checks ?? []) as { _zod: { def: { check: string } } }[];
  if (checks.some((check) => check._zod.def.check === "overwrite")) return false;
  // `z.coerce.number()` turns "5" into 5.
  if (definition.coerce === true) return false;
  const all = (children: readonly unknown[]) => children.every((child) => sameOut(child as z.ZodType, seen));
  switch (definition.type) {
    case "optional":
    case "nullable":
      return sameOut(definition.innerType as z.ZodType, seen);
    case "lazy":
      return sameOut((schema as z.ZodLazy).unwrap() as z.ZodType, seen);
    case "object":
      // No catchall is zod's default object, which strips the keys it does not know.
      return (
        definition.catchall !== undefined &&
        all([definition.catchall]) &&
        all(Object.values(definition.shape as object))
      );
    case "array":
      return all([definition.element]);
    case "tuple":
      return all(definition.items as unknown[]) && (definition.rest == null || all([definition.rest]));
    case "union":
      return all(definition.options as unknown[]);
    case "record":
      return all([definition.keyType, definition.valueType]);
    default:
      return LEAVES.has(definition.type);
  }
}
