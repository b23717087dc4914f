/** Shared helpers: decode results, JSON values, timestamps, schemas built on first use. */
export type { DecodeError, DecodeIssue, DecodeResult } from "./decode-result.ts";
export { decodeWith, parseJson } from "./decode-result.ts";
export type { JsonObject, JsonValue } from "./json-value.ts";
export { JsonObjectSchema, JsonValueSchema } from "./json-value.ts";
export type { KnownFields } from "./known-fields.ts";
export { lazySchema } from "./lazy-schema.ts";
export { compareNaturally, naturalSortKey, sortNaturally } from "./natural-order.ts";
export type { IsoTimestamp } from "./timestamps.ts";
export { IsoTimestampSchema, isoFromEpochMs } from "./timestamps.ts";
