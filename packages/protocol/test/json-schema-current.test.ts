import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateJsonSchemas } from "../src/json-schema/generate-json-schemas.ts";

const directory = join(import.meta.dirname, "..", "schema");

describe("checked-in JSON Schema", () => {
  const generated = generateJsonSchemas();

  it("has exactly one file per message family", () => {
    const onDisk = readdirSync(directory).filter((name) => name.endsWith(".json"));
    expect(onDisk.sort()).toEqual(Object.keys(generated).sort());
  });

  it.each(Object.keys(generated))(
    "%s matches the zod schemas (run `npm run generate:schema -w @parley/protocol`)",
    (name) => {
      expect(readFileSync(join(directory, name), "utf8")).toBe(generated[name]);
    },
  );
});
