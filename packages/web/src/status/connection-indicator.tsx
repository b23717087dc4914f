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

/** A dot and a word for the state of the live connection to the server. */
export function ConnectionIndicator({ status }: { status: ConnectionDisplayStatus }) {
  return (
    <span
      className={`connection connection-${status}`}
      data-testid="connection-indicator"
      data-status={status}
      role="status"
      title={`Connection: ${LABELS[status]}`}
    >
      <span className="connection-dot" aria-hidden="true" />
      <span className="connection-label">{LABELS[status]}</span>
    </span>
  );
}
