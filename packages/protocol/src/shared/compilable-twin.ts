import { z } from "zod";

/** Parses a value with a part of a schema: the part's result, the same as `part.safeParse` gives. */
export type PartParser = (part: z.ZodType, value: unknown) => z.ZodSafeParseResult<unknown>;

/** The leaf a twin has where a cycle closes: it checks (or parses) the value with `part`. */
export type LeafFor = (part: z.ZodType) => z.ZodType;

/**
 * A twin of `schema` for `z.compile` that accepts and returns exactly what `schema` does, but where a cycle
 * closes (a `z.lazy` below the top, an object that contains itself through a getter) it has an opaque leaf that
 * hands the value to the original part (`leafFor`: `parsingLeaf` or `checkingLeaf`), which can compile that part on its own. `z.compile`
 * refuses any schema with a cycle (its generated code has no parse context to break one), so without this a
 * message carrying a JSON value (a tool's input) could not be compiled. Parts without a cycle below them are
 * shared, not copied; `schema` itself is returned when it has no cycle.
 */
export function compilableTwin<S extends z.ZodType>(schema: S, leafFor: LeafFor): S {
  // A lazy at the top is unfolded once: its recursion then goes through its leaves, one level per call.
  if (schema instanceof z.ZodLazy)
    return twinOf(schema.unwrap() as z.ZodType, new Set([schema]), leafFor) as S;
  return twinOf(schema, new Set(), leafFor) as S;
}

type Definition = Record<string, unknown> & { type: string };

function twinOf(schema: z.ZodType, path: Set<z.ZodType>, leafFor: LeafFor): z.ZodType {
  const definition = schema._zod.def as unknown as Definition;
  path.add(schema);
  try {
    const changes = childChanges(definition, (child) =>
      path.has(child) || child instanceof z.ZodLazy ? leafFor(child) : twinOf(child, path, leafFor),
    );
    return changes ? schema.clone({ ...definition, ...changes } as typeof schema._zod.def) : schema;
  } finally {
    path.delete(schema);
  }
}

/** The definition fields whose children changed, or undefined when none did (or the type has no children). */
function childChanges(
  definition: Definition,
  twin: (child: z.ZodType) => z.ZodType,
): Record<string, unknown> | undefined {
  const changes: Record<string, unknown> = {};
  let changed = false;
  const one = (key: string) => {
    const child = definition[key];
    if (!(child instanceof z.ZodType)) return;
    const result = twin(child);
    if (result !== child) {
      changes[key] = result;
      changed = true;
    }
  };
  const many = (key: string) => {
    const children = definition[key] as z.ZodType[];
    const results = children.map(twin);
    if (results.some((result, index) => result !== children[index])) {
      changes[key] = results;
      changed = true;
    }
  };
  switch (definition.type) {
    case "object": {
      const shape = definition.shape as Record<string, z.ZodType>;
      const twinShape: Record<string, z.ZodType> = {};
      for (const key of Object.keys(shape)) {
        const child = shape[key] as z.ZodType;
        twinShape[key] = twin(child);
        if (twinShape[key] !== child) changed = true;
      }
      if (changed) changes.shape = twinShape;
      one("catchall");
      break;
    }
    case "union":
    case "tuple":
      many(definition.type === "union" ? "options" : "items");
      one("rest");
      break;
    case "array":
      one("element");
      break;
    case "record":
      one("keyType");
      one("valueType");
      break;
    case "pipe":
      one("in");
      one("out");
      break;
    case "intersection":
      one("left");
      one("right");
      break;
    default:
      one("innerType");
  }
  return changed ? changes : undefined;
}

/**
 * Thrown by a leaf whose part rejects the value: the whole compiled attempt stops there and the caller decodes
 * with the original schema. An issue instead would let `z.compile`'s own fallback run the twin's runtime
 * parser, which runs the leaf again, so each level of a recursive value would be parsed twice per level
 * above it: exponential in the depth of an invalid value.
 */
export class PartRefused extends Error {
  constructor() {
    super("a recursive part refused the value");
  }
}

/** Leaves that parse with their part through `parsePart`: its value when it accepts; `PartRefused` when not. */
export function parsingLeaf(parsePart: PartParser): LeafFor {
  return (part) =>
    z.unknown().transform((value) => {
      const result = parsePart(part, value);
      if (result.success) return result.data;
      throw new PartRefused();
    });
}

/**
 * Leaves for a twin that only checks (its compiled validator builds no output): the value is accepted as it
 * is when `checkPart` says the part accepts it. Only the compiled validator runs them, never zod's runtime, so
 * a refusal costs nothing more than the `false`.
 */
export function checkingLeaf(checkPart: (part: z.ZodType, value: unknown) => boolean): LeafFor {
  return (part) => z.custom((value) => checkPart(part, value));
}
