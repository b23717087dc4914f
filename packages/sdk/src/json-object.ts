import type { JsonObject } from "@parley/protocol";

/** The text of a JSON object, or why it is not one (an edited tool input must be an object). */
export function parseJsonObject(text: string): { value: JsonObject } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { error: "The input must be a JSON object, like the one shown." };
  return { value: value as JsonObject };
}
