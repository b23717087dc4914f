import type { EnvironmentVariables } from "@parley/engine";

/** How long and how much of the event log is kept, and when streamed token deltas are folded away. */
export interface RetentionLimits {
  /** Most events kept. */
  maxEvents: number;
  /** Events older than this are dropped. */
  maxAgeMs: number;
  /** The log's frames are kept under this many bytes, oldest dropped first. */
  maxBytes: number;
  /**
   * Token deltas of a run that ended this long ago are dropped: its messages carry the final text, so a
   * client replaying past them gets the same conversation from the Message events.
   */
  compactTokensAfterMs: number;
}

/** The limits that keep one client from exhausting the server; each one a user can see and change. */
export interface ServerLimits {
  /** Messages one agent's queue holds while it works; the next is refused with `429 queue_full`. */
  maxQueueLength: number;
  /** Unsent bytes one event stream may hold before the client is made to read from the log or cut off. */
  sseBufferBytes: number;
  /** How long a client may stay over that budget before it is disconnected (it resumes by cursor). */
  sseDrainTimeoutMs: number;
  retention: RetentionLimits;
}

const MIB = 1024 * 1024;

/** Largest request body accepted (bytes). */
export const MAX_BODY_BYTES = MIB;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The defaults: sized for a laptop serving a handful of tabs with months of history. */
export const DEFAULT_LIMITS: ServerLimits = {
  maxQueueLength: 100,
  sseBufferBytes: 2 * MIB,
  sseDrainTimeoutMs: 30_000,
  retention: {
    maxEvents: 2_000_000,
    maxAgeMs: 30 * DAY_MS,
    maxBytes: 512 * MIB,
    compactTokensAfterMs: 60 * 60 * 1000,
  },
};

/** Environment variables that change a limit, with the unit each one is written in. */
export const LIMIT_VARIABLES = {
  PARLEY_MAX_QUEUE_LENGTH: "messages waiting for one agent",
  PARLEY_SSE_BUFFER_MB: "MiB of unsent events per stream",
  PARLEY_EVENT_RETENTION_DAYS: "days of events kept",
  PARLEY_EVENT_RETENTION_MB: "MiB of events kept",
  PARLEY_EVENT_RETENTION_EVENTS: "events kept",
  PARLEY_TOKEN_COMPACTION_MINUTES: "minutes after a run ends before its token deltas are dropped",
} as const;

/** Thrown for a limit variable that is not a positive number, naming it. */
export class LimitConfigError extends Error {
  constructor(variable: string, value: string) {
    super(
      `${variable}=${JSON.stringify(value)} is not valid: expected a positive number of ${LIMIT_VARIABLES[variable as keyof typeof LIMIT_VARIABLES]}`,
    );
    this.name = "LimitConfigError";
  }
}

/** The limits in force: the defaults, overridden by the environment, overridden by explicit options. */
export function resolveLimits(
  env: EnvironmentVariables,
  overrides: Partial<ServerLimits> = {},
): ServerLimits {
  const read = (variable: keyof typeof LIMIT_VARIABLES, scale: number, fallback: number) => {
    const raw = env[variable];
    if (raw === undefined || raw.trim() === "") return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value <= 0) throw new LimitConfigError(variable, raw);
    return Math.round(value * scale);
  };
  const retention = DEFAULT_LIMITS.retention;
  return {
    maxQueueLength:
      overrides.maxQueueLength ?? read("PARLEY_MAX_QUEUE_LENGTH", 1, DEFAULT_LIMITS.maxQueueLength),
    sseBufferBytes:
      overrides.sseBufferBytes ?? read("PARLEY_SSE_BUFFER_MB", MIB, DEFAULT_LIMITS.sseBufferBytes),
    sseDrainTimeoutMs: overrides.sseDrainTimeoutMs ?? DEFAULT_LIMITS.sseDrainTimeoutMs,
    retention: {
      maxEvents: read("PARLEY_EVENT_RETENTION_EVENTS", 1, retention.maxEvents),
      maxAgeMs: read("PARLEY_EVENT_RETENTION_DAYS", DAY_MS, retention.maxAgeMs),
      maxBytes: read("PARLEY_EVENT_RETENTION_MB", MIB, retention.maxBytes),
      compactTokensAfterMs: read("PARLEY_TOKEN_COMPACTION_MINUTES", 60_000, retention.compactTokensAfterMs),
      ...overrides.retention,
    },
  };
}
