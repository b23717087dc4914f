import type { ServerLimitsView } from "@parley/protocol";
import { formatBytes, serverLimitRows } from "@parley/sdk";
import { useEffect, useState } from "react";
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

  const rows = limits === undefined ? [] : serverLimitRows(limits);
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
              {rows.map(({ name, value, variable }) => (
                <tr key={name}>
                  <th scope="row">{name}</th>
                  <td>{value}</td>
                  <td>{variable === undefined ? "" : <code>{variable}</code>}</td>
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
