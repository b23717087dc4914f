import { z } from "zod";
import { checkingLeaf, compilableTwin, type LeafFor, PartRefused, parsingLeaf } from "./compilable-twin.ts";
import { type DecodeResult, decodeWith } from "./decode-result.ts";
import { outputIsInput } from "./output-is-input.ts";

/**
 * Decodes served by zod's runtime before a schema is compiled: the compile costs milliseconds, so a schema a
 * process uses once (a one-shot `parley run`'s result message) never pays it, and a stream's schemas do at once.
 */
const COMPILE_AFTER = 16;

/**
 * Larger schemas (counted in nodes, every use of a shared part counted again, as `z.compile` inlines it) stay on
 * the runtime: the SDK's user message, whose content-block unions nest, compiles to 800 KB of code in 0.5 s.
 */
const MAX_COMPILED_NODES = 400;

/** Decodes each schema has served on the runtime, until it is compiled. */
const uses = new WeakMap<z.ZodType, number>();

/** A compiled check that builds nothing: whether the value is valid as it is. */
type Check = (value: unknown) => boolean;

/** What a hot schema was compiled to; each part is built on first need, null where the schema cannot have it. */
interface Compiled {
  /** The compiled twin that parses (builds the output). */
  parser: z.ZodType | null | undefined;
  /** The compiled check, for a schema whose output equals its input. */
  check: Check | null | undefined;
}

const compiledSchemas = new WeakMap<z.ZodType, Compiled>();

/** `z.compile`'s answer for "not valid" (`Symbol.for("zod.compile.invalid")` in zod's compiler). */
const INVALID = Symbol.for("zod.compile.invalid");

/** Whether `schema` has been compiled (for tests: a compile that silently failed would still decode right). */
export function isCompiled(schema: z.ZodType): boolean {
  const compiled = compiledSchemas.get(schema);
  return Boolean(compiled?.parser || compiled?.check);
}

/**
 * `decodeWith` for the schemas of a stream (SSE frames, SDK lines, rich messages): a schema that keeps being
 * used is compiled (`z.compile`) into one function of its own. zod's runtime runs every schema through the
 * same shared functions, which go megamorphic on a mixed stream; the compiled function stays monomorphic and
 * allocates no result per field. The compiled code only answers "valid, here is the value": anything it
 * rejects is decoded again by the schema itself, so errors (and every decision) are the schema's own.
 *
 * `owned`: the decoder parsed `input` itself, so nothing else holds it. Where the schema's output equals its
 * input (`outputIsInput`), the input is then checked and kept instead of copied field by field: half the work
 * and none of the garbage.
 */
export function decodeCompiled<S extends z.ZodType>(
  schema: S,
  input: unknown,
  owned = false,
): DecodeResult<z.output<S>> {
  const compiled = compiledWhenHot(schema);
  if (compiled !== undefined) {
    const check = owned ? checkOf(schema, compiled) : null;
    // The check refuses exactly what the parser would: a refusal goes straight to the schema's own errors.
    if (check)
      return check(input) ? { success: true, value: input as z.output<S> } : decodeWith(schema, input);
    const parser = parserOf(schema, compiled);
    if (parser) {
      try {
        const result = parser.safeParse(input);
        if (result.success) return { success: true, value: result.data as z.output<S> };
      } catch (error) {
        if (!(error instanceof PartRefused)) throw error;
      }
    }
  }
  return decodeWith(schema, input);
}

/**
 * Whether a decoder that parsed `text` itself may keep what it parsed (`decodeCompiled`'s `owned`). Not when
 * the text may hold a `__proto__` key (spelled out or with `\u` escapes): `JSON.parse` makes it an own
 * property, which would set the prototype of an object the value is later assigned into; the copy leaves it out.
 */
export function mayKeepParsed(text: unknown): boolean {
  return typeof text === "string" && !text.includes("__proto__") && !text.includes("\\u");
}

function compiledWhenHot(schema: z.ZodType): Compiled | undefined {
  const compiled = compiledSchemas.get(schema);
  if (compiled !== undefined) return compiled;
  const count = (uses.get(schema) ?? 0) + 1;
  uses.set(schema, count);
  return count >= COMPILE_AFTER ? compiledEntry(schema) : undefined;
}

function compiledEntry(schema: z.ZodType): Compiled {
  let compiled = compiledSchemas.get(schema);
  if (compiled === undefined) {
    compiled = { parser: undefined, check: undefined };
    compiledSchemas.set(schema, compiled);
  }
  return compiled;
}

function parserOf(schema: z.ZodType, compiled: Compiled): z.ZodType | null {
  if (compiled.parser === undefined) compiled.parser = compile(schema, parsingLeaf(parsePart));
  return compiled.parser;
}

function checkOf(schema: z.ZodType, compiled: Compiled): Check | null {
  if (compiled.check === undefined)
    compiled.check = outputIsInput(schema) ? validatorOf(compile(schema, checkingLeaf(checkPart))) : null;
  return compiled.check;
}

/** A recursive part met inside a compiled schema: its parent is hot, so it is compiled at once too. */
function parsePart(part: z.ZodType, value: unknown): z.ZodSafeParseResult<unknown> {
  return (parserOf(part, compiledEntry(part)) ?? part).safeParse(value);
}

/** A recursive part met inside a compiled check, checked the same way (its parent's output is its input). */
function checkPart(part: z.ZodType, value: unknown): boolean {
  const check = checkOf(part, compiledEntry(part));
  return check ? check(value) : part.safeParse(value).success;
}

/** The compiled schema's validator: the parser's code without building the output (zod keeps it in its bag). */
function validatorOf(compiled: z.ZodType | null): Check | null {
  const validator = (compiled?._zod.bag as { validator?: (value: unknown) => unknown } | undefined)
    ?.validator;
  return validator ? (value) => validator(value) !== INVALID : null;
}

function compile(schema: z.ZodType, leafFor: LeafFor): z.ZodType | null {
  // No `new Function` under a strict CSP (the web UI's) or when the host asked zod not to generate code.
  if (z.config().jitless || !z.util.allowsEval.value) return null;
  const twin = compilableTwin(schema, leafFor);
  if (nodeCount(twin, MAX_COMPILED_NODES) > MAX_COMPILED_NODES) return null;
  try {
    return z.compile(twin, { strict: true });
  } catch {
    return null;
  }
}

/** The schema's nodes as `z.compile` would unfold them, counted up to `limit` (and one past it). */
function nodeCount(schema: z.ZodType, limit: number): number {
  let count = 0;
  const stack: z.ZodType[] = [schema];
  while (stack.length > 0 && count <= limit) {
    const node = stack.pop() as z.ZodType;
    count++;
    const definition = node._zod.def as unknown as Record<string, unknown>;
    const shape = definition.type === "object" ? Object.values(definition.shape as object) : [];
    for (const child of [...shape, ...Object.values(definition)]) {
      if (child instanceof z.ZodType) stack.push(child);
      else if (Array.isArray(child))
        for (const item of child) if (item instanceof z.ZodType) stack.push(item);
    }
  }
  return count;
}
