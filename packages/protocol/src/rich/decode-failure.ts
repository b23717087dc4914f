import type { DecodeResult } from "../shared/decode-result.ts";

/** A DecodeResult failure with a single issue at `path` (empty for the root). */
export function decodeFailure(path: string, message: string): DecodeResult<never> {
  const text = path ? `${path}: ${message}` : message;
  return { success: false, error: { message: text, issues: [{ path, message }] } };
}
