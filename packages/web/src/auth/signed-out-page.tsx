import { ConnectionIndicator } from "../status/connection-indicator.tsx";

/**
 * Shown when the server refuses this browser's session: the cookie comes only from the one-time login link
 * `parley serve` prints or `parley open` asks for, so the page names that command rather than offering a
 * password form.
 */
export function SignedOutPage() {
  return (
    <main className="signed-out" data-testid="signed-out">
      <div className="signed-out-status">
        <ConnectionIndicator status="signed-out" />
      </div>
      <h1>Signed out</h1>
      <p>
        This browser is not signed in to Parley. For a sign-in link, run this in the project's folder, where
        the server runs:
      </p>
      <pre className="signed-out-command" data-testid="signed-out-command">
        parley open
      </pre>
      <p className="muted">
        It opens Parley here, signed in (<code>parley login</code> only prints the link). The link{" "}
        <code>parley serve</code> printed when it started works too, once: each link signs one browser in.
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
