import type { ServerLimitsView } from "@parley/protocol";
import { formatBytes, formatSpan } from "./format.ts";

/** One of the server's limits as Settings shows it: its value in words and the variable that sets it. */
export interface ServerLimitRow {
  name: string;
  value: string;
  /** The environment variable that sets it where Parley starts; absent for a fixed limit. */
  variable?: string;
}

/** The server's limits (`GET /api/limits`) as the rows Settings (web and terminal) shows, in one order. */
export function serverLimitRows(limits: ServerLimitsView): ServerLimitRow[] {
  const retention = limits.event_retention;
  return [
    { name: "Message length", value: `${limits.max_message_chars.toLocaleString()} characters` },
    {
      name: "Queued messages per agent",
      value: limits.max_queue_length.toLocaleString(),
      variable: "PARLEY_MAX_QUEUE_LENGTH",
    },
    {
      name: "Unsent events per connection",
      value: formatBytes(limits.sse_buffer_bytes),
      variable: "PARLEY_SSE_BUFFER_MB",
    },
    {
      name: "Event history kept",
      value: formatSpan(retention.max_age_ms),
      variable: "PARLEY_EVENT_RETENTION_DAYS",
    },
    {
      name: "Event history size",
      value: formatBytes(retention.max_bytes),
      variable: "PARLEY_EVENT_RETENTION_MB",
    },
    {
      name: "Events kept",
      value: retention.max_events.toLocaleString(),
      variable: "PARLEY_EVENT_RETENTION_EVENTS",
    },
    {
      name: "Token deltas kept after a run",
      value: formatSpan(retention.compact_tokens_after_ms),
      variable: "PARLEY_TOKEN_COMPACTION_MINUTES",
    },
  ];
}
