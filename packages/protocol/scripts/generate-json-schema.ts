/** Writes the generated JSON Schema files into packages/protocol/schema/ (run: npm run generate:schema -w @parley/protocol). */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generateJsonSchemas } from "../src/json-schema/generate-json-schemas.ts";

const directory = join(import.meta.dirname, "..", "schema");
mkdirSync(directory, { recursive: true });
const files = generateJsonSchemas();
for (const stale of readdirSync(directory)) {
  if (stale.endsWith(".json") && !(stale in files)) rmSync(join(directory, stale));
}
for (const [name, text] of Object.entries(files)) {
  writeFileSync(join(directory, name), text);
  console.log(`wrote schema/${name} (${Object.keys(JSON.parse(text).$defs).length} definitions)`);
}
