import { z } from "zod";
import { lazySchema } from "./lazy-schema.ts";

/** An ISO 8601 UTC timestamp as serde/chrono and `Date.toISOString()` write it, e.g. `2026-11-21T22:10:01.012Z`. */
export const IsoTimestampSchema = lazySchema(() => z.iso.datetime({ offset: true }));
export type IsoTimestamp = z.infer<typeof IsoTimestampSchema>;

/** Epoch milliseconds → ISO 8601 with milliseconds and `Z` (seed 003's frontend format). */
export function isoFromEpochMs(ms: number): string {
  return new Date(ms).toISOString();
}
