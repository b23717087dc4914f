import { ConnectionIndicator } from "../status/connection-indicator.tsx";

/**
 * Shown when the server refuses this browser's session: the cookie comes only from the one-time login link
 * `parley serve` prints, so the page says where to get it rather than offering a password form.
 */
export function SignedOutPage() {
  return (
    <main className="signed-out" data-testid="signed-out">
      <div className="signed-out-status">
        <ConnectionIndicator status="signed-out" />
      </div>
      <h1>Signed out</h1>
      <p>
        This browser is not signed in to Parley. Open the login link that <code>parley serve</code> printed in
        its terminal; it signs this browser in and brings you back here.
      </p>
      <p className="muted">
        Each link works once. If it was already used, ask the running server for a new one, or restart it.
      </p>
      <button
        type="button"
        className="button"
        data-testid="signed-out-retry"
        onClick={() => window.location.reload()}
      >
        I have signed in — reload
      </button>
    </main>
  );
}
