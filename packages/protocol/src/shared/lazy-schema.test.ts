import { describe, expect, it } from "vitest";
import { z } from "zod";
import { lazySchema } from "./lazy-schema.ts";

describe("lazySchema", () => {
  it("builds the schema only when something first uses it, and once", () => {
    let builds = 0;
    const NameSchema = lazySchema(() => {
      builds += 1;
      return z.string().min(1);
    });
    const PersonSchema = lazySchema(() => z.looseObject({ name: NameSchema }));
    expect(builds).toBe(0);
    expect(PersonSchema.safeParse({ name: "Ada" }).success).toBe(true);
    expect(PersonSchema.safeParse({ name: "" }).success).toBe(false);
    expect(builds).toBe(1);
  });

  it("behaves as the schema it wraps: errors, shape, extend, instanceof, metadata and JSON Schema", () => {
    const ItemSchema = lazySchema(() =>
      z.looseObject({ id: z.string(), count: z.number().int().optional() }).meta({ description: "an item" }),
    );
    const ListSchema = lazySchema(() =>
      z.discriminatedUnion("kind", [
        z.looseObject({ kind: z.literal("one"), item: ItemSchema }),
        z.looseObject({ kind: z.literal("many"), items: z.array(ItemSchema) }),
      ]),
    );
    const eager = z
      .looseObject({ id: z.string(), count: z.number().int().optional() })
      .meta({ description: "an item" });

    expect(ItemSchema instanceof z.ZodObject).toBe(true);
    expect(Object.keys(ItemSchema.shape)).toEqual(["id", "count"]);
    expect(ItemSchema.description).toBe("an item");
    expect(ItemSchema.safeParse({ id: 1 }).error?.issues).toEqual(eager.safeParse({ id: 1 }).error?.issues);
    expect(ItemSchema.extend({ extra: z.boolean() }).parse({ id: "a", extra: true })).toEqual({
      id: "a",
      extra: true,
    });
    expect(z.toJSONSchema(ItemSchema)).toEqual(z.toJSONSchema(eager));
    expect(ListSchema.parse({ kind: "many", items: [{ id: "a", more: 1 }] })).toEqual({
      kind: "many",
      items: [{ id: "a", more: 1 }],
    });
    expect(JSON.stringify(z.toJSONSchema(ListSchema))).toContain('"description":"an item"');
  });
});
