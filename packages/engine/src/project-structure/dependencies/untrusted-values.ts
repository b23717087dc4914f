/** A JSON, YAML or TOML value as a plain object (not an array), or undefined: lockfiles are untrusted input. */
export function objectOrUndefined(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** A value as a non-empty string, or undefined. */
export function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}
