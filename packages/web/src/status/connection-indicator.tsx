import type { ConnectionStatus } from "@parley/sdk";

/** The connection states the indicator shows: the event stream's, plus "signed out" from the auth check. */
export type ConnectionDisplayStatus = ConnectionStatus | "signed-out";

const LABELS: Record<ConnectionDisplayStatus, string> = {
  connecting: "Connecting…",
  connected: "Connected",
  reconnecting: "Reconnecting…",
  resyncing: "Resyncing…",
  offline: "Offline",
  "signed-out": "Signed out",
};

/** Why a tab that cannot share the connection may hang: browsers allow 6 connections per server over HTTP/1.1. */
export const UNSHARED_CONNECTION_NOTE =
  "Each tab uses its own connection; with more than 6 tabs of this server open, some may not connect.";

/**
 * A dot and a word for the state of the live connection to the server. `shared: false` (the browser could
 * not share one connection among tabs) adds a note to the tooltip rather than to the bar.
 */
export function ConnectionIndicator({
  status,
  shared,
}: {
  status: ConnectionDisplayStatus;
  shared?: boolean;
}) {
  const title = `Connection: ${LABELS[status]}`;
  return (
    <span
      className={`connection connection-${status}`}
      data-testid="connection-indicator"
      data-status={status}
      role="status"
      title={shared === false ? `${title}. ${UNSHARED_CONNECTION_NOTE}` : title}
    >
      <span className="connection-dot" aria-hidden="true" />
      <span className="connection-label">{LABELS[status]}</span>
    </span>
  );
}
