import { describe, expect, it } from "vitest";
import { z } from "zod";
import { richMessageSchemasByKind } from "../../src/rich/rich-message.ts";
import { JsonValueSchema } from "../../src/shared/json-value.ts";
import { outputIsInput } from "../../src/shared/output-is-input.ts";

describe("whether a schema gives back what it was given", () => {
  it("holds for loose and strict objects, unions, arrays, records and recursive JSON", () => {
    const schema = z.looseObject({
      kind: z.literal("x"),
      items: z.array(z.union([z.string().min(1), z.number().int(), z.null()])),
      meta: z.record(z.string(), JsonValueSchema).optional(),
      exact: z.strictObject({ on: z.boolean().nullable() }),
      pair: z.tuple([z.string(), z.enum(["a", "b"])]),
    });
    expect(outputIsInput(schema)).toBe(true);
    expect(outputIsInput(JsonValueSchema)).toBe(true);
  });

  it.each([
    ["an object that strips unknown keys", z.object({ a: z.string() })],
    ["a trimmed string", z.looseObject({ a: z.string().trim() })],
    ["a default", z.looseObject({ a: z.string().default("x") })],
    ["a transform", z.looseObject({ a: z.string().transform((text) => text.length) })],
    ["a pipe", z.array(z.string().pipe(z.coerce.number()))],
    ["a catch", z.looseObject({ a: z.number().catch(0) })],
    ["a readonly copy", z.looseObject({ a: z.array(z.string()).readonly() })],
    ["a lower-cased string in a union", z.union([z.number(), z.string().toLowerCase()])],
    ["a coerced number", z.looseObject({ a: z.coerce.number() })],
  ])("does not hold for %s", (_what, schema) => {
    expect(outputIsInput(schema as z.ZodType)).toBe(false);
  });

  it("says which rich messages can be kept as parsed (a suggested rule's trimmed names cannot)", () => {
    const kinds = richMessageSchemasByKind();
    expect(outputIsInput(kinds.Plan)).toBe(true);
    expect(outputIsInput(kinds.ProjectStructure)).toBe(true);
    expect(outputIsInput(kinds.ToolRequest)).toBe(false);
  });
});
