import { z } from "zod";
import { lazySchema } from "../shared/lazy-schema.ts";

/** 0001-01-01T00:00:00.000Z, the earliest instant Python's `datetime` (and so seed 003) can represent. */
const earliest = -62_135_596_800_000;
/** 9999-12-31T23:59:59.999Z, the latest. */
const latest = 253_402_300_799_999;

/**
 * Unix time in whole milliseconds, as the AgentCLI result types carry timestamps. Limited to years
 * 1–9999 so converting it to an ISO timestamp for the frontend can never fail.
 */
export const EpochMillisecondsSchema = lazySchema(() => z.int().min(earliest).max(latest));
export type EpochMilliseconds = z.infer<typeof EpochMillisecondsSchema>;
