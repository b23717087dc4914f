import type { ServerLimitsView } from "@parley/protocol";
import { useEffect, useState } from "react";
import { formatBytes, formatSpan } from "../lib/format.ts";
import type { SettingsApi } from "./settings-api.ts";

/**
 * The server's limits, read-only: what a message or a stream may hold and how much history is kept. They
 * are set where the server starts (environment variables, listed in the README), so the page says which.
 */
export function LimitsSection({ api }: { api: SettingsApi }) {
  const [limits, setLimits] = useState<ServerLimitsView | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    void api.loadLimits().then((result) => {
      if (result.ok) setLimits(result.value);
      else setError(result.message);
    });
  }, [api]);

  const retention = limits?.event_retention;
  const rows: [string, string, string][] =
    limits === undefined || retention === undefined
      ? []
      : [
          ["Message length", `${limits.max_message_chars.toLocaleString()} characters`, "fixed"],
          ["Queued messages per agent", limits.max_queue_length.toLocaleString(), "PARLEY_MAX_QUEUE_LENGTH"],
          ["Unsent events per connection", formatBytes(limits.sse_buffer_bytes), "PARLEY_SSE_BUFFER_MB"],
          ["Event history kept", formatSpan(retention.max_age_ms), "PARLEY_EVENT_RETENTION_DAYS"],
          ["Event history size", formatBytes(retention.max_bytes), "PARLEY_EVENT_RETENTION_MB"],
          ["Events kept", retention.max_events.toLocaleString(), "PARLEY_EVENT_RETENTION_EVENTS"],
          [
            "Token deltas kept after a run",
            formatSpan(retention.compact_tokens_after_ms),
            "PARLEY_TOKEN_COMPACTION_MINUTES",
          ],
        ];
  return (
    <section
      className="settings-section"
      data-testid="settings-limits"
      aria-labelledby="settings-limits-title"
    >
      <h2 id="settings-limits-title">Limits</h2>
      <p className="muted">
        What keeps one client from exhausting the server. Set them with these environment variables where
        Parley starts.
      </p>
      {error !== undefined && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      {limits !== undefined && (
        <>
          <table className="limits-table">
            <tbody>
              {rows.map(([name, value, variable]) => (
                <tr key={name}>
                  <th scope="row">{name}</th>
                  <td>{value}</td>
                  <td>{variable === "fixed" ? "" : <code>{variable}</code>}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted" data-testid="settings-limits-log">
            The event history holds {formatBytes(limits.event_log.events_bytes)} now (up to event{" "}
            {limits.event_log.head_seq.toLocaleString()}).
          </p>
        </>
      )}
    </section>
  );
}
