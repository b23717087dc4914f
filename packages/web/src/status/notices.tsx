import { CloseIcon } from "@parley/react";
import type { ModelFallbackState } from "@parley/sdk";
import { useState } from "react";

/** Says that the preferred model failed and another one answers, until dismissed. */
export function ModelFallbackNotice({ fallback }: { fallback: ModelFallbackState }) {
  const [dismissedAt, setDismissedAt] = useState<number | undefined>(undefined);
  if (dismissedAt === fallback.atMs) return null;
  return (
    <div className="notice notice-warning" data-testid="model-fallback" role="status">
      <span>
        Switched from <strong>{fallback.preferred}</strong> to <strong>{fallback.actual}</strong>
        {fallback.reason ? `: ${fallback.reason}` : ""}
      </span>
      <button
        type="button"
        className="icon-button"
        data-testid="model-fallback-dismiss"
        aria-label="Dismiss model fallback notice"
        onClick={() => setDismissedAt(fallback.atMs)}
      >
        <CloseIcon />
      </button>
    </div>
  );
}

/** The last error the store recorded (a failed send, a failed load), with a dismiss button. */
export function ErrorBanner({ error, onDismiss }: { error: string; onDismiss: () => void }) {
  return (
    <div className="notice notice-error" data-testid="error-banner" role="alert">
      <span>{error}</span>
      <button
        type="button"
        className="icon-button"
        data-testid="error-dismiss"
        aria-label="Dismiss error"
        onClick={onDismiss}
      >
        <CloseIcon />
      </button>
    </div>
  );
}

/** Marks a session answered by the offline demo model, so canned answers are not mistaken for a real one. */
export function DemoLabel() {
  return (
    <span
      className="badge badge-demo"
      data-testid="demo-label"
      title="Answers come from Parley's offline demo model. Pick a real model in Settings."
    >
      Demo model
    </span>
  );
}
