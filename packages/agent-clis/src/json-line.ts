/** A JSON object read from untrusted CLI output; fields are looked up with the accessors below. */
export type JsonRecord = Record<string, unknown>;

/** Parses one line of JSON output into an object; anything else (log noise, arrays, bad JSON) is undefined. */
export function parseJsonLine(line: string): JsonRecord | undefined {
  const trimmed = line.trim();
  if (!trimmed.startsWith("{")) return undefined;
  try {
    return asRecord(JSON.parse(trimmed));
  } catch {
    return undefined;
  }
}

/** The value as an object, or undefined. */
export function asRecord(value: unknown): JsonRecord | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as JsonRecord)
    : undefined;
}

/** The value as an array of objects (non-objects dropped); empty when it is not an array. */
export function asRecords(value: unknown): JsonRecord[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const record = asRecord(item);
    return record ? [record] : [];
  });
}

/** The value as a string, or undefined. */
export function asString(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** The value as a finite number, or undefined. */
export function asNumber(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** An ISO timestamp as whole epoch milliseconds, or undefined when it does not parse. */
export function epochFromIso(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}
