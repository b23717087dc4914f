import { z } from "zod";
import { compilableTwin, PartRefused } from "./compilable-twin.ts";
import { type DecodeResult, decodeWith } from "./decode-result.ts";

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

/** Each compiled schema's compiled twin; null for one that stays on the runtime. */
const compiledTwins = new WeakMap<z.ZodType, z.ZodType | null>();

/** Whether `schema` has been compiled (for tests: a compile that silently failed would still decode right). */
export function isCompiled(schema: z.ZodType): boolean {
  return Boolean(compiledTwins.get(schema));
}

/**
 * `decodeWith` for the schemas of a stream (SSE frames, SDK lines, rich messages): a schema that keeps being
 * used is compiled (`z.compile`) into one function of its own. zod's runtime runs every schema through the
 * same shared functions, which go megamorphic on a mixed stream; the compiled function stays monomorphic and
 * allocates no result per field. The compiled code only answers "valid, here is the value": anything it
 * rejects is decoded again by the schema itself, so errors (and every decision) are the schema's own.
 */
export function decodeCompiled<S extends z.ZodType>(schema: S, input: unknown): DecodeResult<z.output<S>> {
  const compiled = compiledWhenHot(schema);
  if (compiled) {
    try {
      const result = compiled.safeParse(input);
      if (result.success) return { success: true, value: result.data as z.output<S> };
    } catch (error) {
      if (!(error instanceof PartRefused)) throw error;
    }
  }
  return decodeWith(schema, input);
}

function compiledWhenHot(schema: z.ZodType): z.ZodType | null | undefined {
  const compiled = compiledTwins.get(schema);
  if (compiled !== undefined) return compiled;
  const count = (uses.get(schema) ?? 0) + 1;
  uses.set(schema, count);
  return count >= COMPILE_AFTER ? compiledTwin(schema) : undefined;
}

function compiledTwin(schema: z.ZodType): z.ZodType | null {
  let compiled = compiledTwins.get(schema);
  if (compiled === undefined) {
    compiled = compile(schema);
    compiledTwins.set(schema, compiled);
  }
  return compiled;
}

/** A recursive part met inside a compiled schema: its parent is hot, so it is compiled at once too. */
function parsePart(part: z.ZodType, value: unknown): z.ZodSafeParseResult<unknown> {
  return (compiledTwin(part) ?? part).safeParse(value);
}

function compile(schema: z.ZodType): z.ZodType | null {
  // No `new Function` under a strict CSP (the web UI's) or when the host asked zod not to generate code.
  if (z.config().jitless || !z.util.allowsEval.value) return null;
  const twin = compilableTwin(schema, parsePart);
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
