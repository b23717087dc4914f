import { ApiError } from "../api-error.ts";

/** The deepest nesting of objects and arrays a body that is merged or stored may have. */
export const MAX_STORED_JSON_DEPTH = 32;

/**
 * Refuses a body nested deeper than `MAX_STORED_JSON_DEPTH` before a handler copies or stores it: unknown
 * fields survive decoding, and a deeply nested one would overflow the stack while being merged or serialized.
 */
export function requireShallowJson(value: unknown, where: string): void {
  if (!exceedsDepth(value, MAX_STORED_JSON_DEPTH)) return;
  const message = `nested deeper than ${MAX_STORED_JSON_DEPTH} levels`;
  throw new ApiError("invalid_request", `${where}: ${message}`, { issues: [{ path: where, message }] });
}

/** Recurses at most `remaining` levels, so the check itself cannot overflow. */
function exceedsDepth(value: unknown, remaining: number): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (remaining === 0) return true;
  return Object.values(value).some((child) => exceedsDepth(child, remaining - 1));
}
