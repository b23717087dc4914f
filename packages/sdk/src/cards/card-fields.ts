/** The JSON type a card field must have to be kept in a typed view. */
type FieldType = "string" | "boolean" | "number" | "object";

/**
 * Removes the listed fields whose value is not of the expected JSON type (an `object` is a plain object,
 * never an array or null), so a typed card view never claims a field it does not have.
 */
export function dropMistyped(record: Record<string, unknown>, fields: Record<string, FieldType>): void {
  for (const [field, type] of Object.entries(fields)) {
    if (!(field in record)) continue;
    const value = record[field];
    const fits = type === "object" ? isPlainObject(value) : typeof value === type;
    if (!fits) delete record[field];
  }
}

/** True for a JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A card's `data` as a record (empty when it is not an object). */
export function dataRecord(data: unknown): Record<string, unknown> {
  return isPlainObject(data) ? data : {};
}
