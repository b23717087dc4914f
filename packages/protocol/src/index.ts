/**
 * @parley/protocol — the four message families of Parley, as zod schemas with inferred types.
 * Browser-safe: zod is the only runtime dependency.
 */

// ── shared ────────────────────────────────────────────────────────────────────
export type { DecodeError, DecodeIssue, DecodeResult } from "./shared/decode-result.ts";
export { decodeWith, parseJson } from "./shared/decode-result.ts";
export type { JsonObject, JsonValue } from "./shared/json-value.ts";
export { JsonObjectSchema, JsonValueSchema } from "./shared/json-value.ts";
export type { IsoTimestamp } from "./shared/timestamps.ts";
export { IsoTimestampSchema, isoFromEpochMs } from "./shared/timestamps.ts";

// ── rich messages (seeds 000 + 001) ───────────────────────────────────────────
// (rich section: exports from ./rich/*)

// ── SDK messages and control protocol (seed 004) ──────────────────────────────
// (sdk section: exports from ./sdk/*)

// ── server events (seed 002) ──────────────────────────────────────────────────
// (events section: exports from ./events/*)

// ── frontend and AgentCLI contracts (seed 003) ────────────────────────────────
// (api section: exports from ./api/*)
