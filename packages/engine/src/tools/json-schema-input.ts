import { z } from "zod";

/**
 * A validator for a tool input given as JSON Schema (an MCP server's tool, a `--json-schema`): zod's
 * conversion where it can make one, else any object (the schema still reaches the model as written).
 */
export function jsonSchemaInput(schema: Record<string, unknown>): z.ZodType {
  try {
    return z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch {
    return z.record(z.string(), z.unknown());
  }
}
