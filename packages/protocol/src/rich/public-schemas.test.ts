import { describe, expect, it } from "vitest";
import { z } from "zod";
import { richPublicSchemas } from "./public-schemas.ts";
import { RichMessageKindSchema } from "./rich-message.ts";

describe("richPublicSchemas", () => {
  it.each(Object.entries(richPublicSchemas))("%s converts to JSON Schema", (_, schema) => {
    const jsonSchema = z.toJSONSchema(schema, { unrepresentable: "any" });
    expect(jsonSchema).toMatchObject({ $schema: expect.any(String) });
  });

  it("lists the data schema of every kind", () => {
    const names = Object.keys(richPublicSchemas);
    for (const kind of RichMessageKindSchema.options) {
      const expected = kind === "ProjectStructure" ? "ProjectStructureData" : `${kind}Data`;
      expect(names).toContain(expected);
    }
  });

  it("describes the union as one variant per kind", () => {
    const jsonSchema = z.toJSONSchema(richPublicSchemas.RichMessage, { unrepresentable: "any" });
    expect(jsonSchema.oneOf ?? jsonSchema.anyOf).toHaveLength(RichMessageKindSchema.options.length);
  });
});
