import type { ParleySettings, SettingsUpdate, SettingsView } from "@parley/protocol";
import { API_KEY_VARIABLES, apiKeyUpdate } from "@parley/sdk";
import { type FormEvent, useId, useState } from "react";
import type { SettingsResult } from "./settings-api.ts";

type KeyStatus = SettingsView["api_keys"][number];

/**
 * One provider's API key. Keys are write-only: the page shows only whether one is set and its last four
 * characters, sends a new key once, and removes a stored key by sending `null`.
 */
export function ApiKeyRow({
  status,
  latest,
  save,
}: {
  status: KeyStatus;
  /** The settings as they are now (an endpoint's key is saved with the whole endpoint list). */
  latest: () => Promise<ParleySettings>;
  save: (update: SettingsUpdate) => Promise<SettingsResult>;
}) {
  const [key, setKey] = useState("");
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<{ kind: "ok" | "error"; text: string } | undefined>(undefined);
  const id = useId();
  const provider = status.provider;
  const hosted = provider in API_KEY_VARIABLES;

  const apply = async (value: string | null) => {
    setBusy(true);
    setFeedback(undefined);
    let result: SettingsResult;
    try {
      result = await save(apiKeyUpdate(provider, value, await latest()));
    } catch (error) {
      setBusy(false);
      setFeedback({ kind: "error", text: (error as Error).message });
      return;
    }
    setBusy(false);
    if (result.ok) {
      setKey("");
      setFeedback({ kind: "ok", text: value === null ? "Key removed." : "Key saved." });
    } else {
      const details = result.issues.map((issue) => `${issue.path.replace(/^body\./, "")}: ${issue.message}`);
      setFeedback({ kind: "error", text: details.length > 0 ? details.join("; ") : result.message });
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (key.trim() !== "") void apply(key.trim());
  };

  return (
    <form className="api-key-row" onSubmit={submit} data-testid="settings-key-row" data-provider={provider}>
      <label htmlFor={`${id}-key`} className="api-key-provider">
        {provider}
      </label>
      <span
        className="api-key-status"
        data-testid={`settings-key-status-${provider}`}
        data-configured={status.configured}
      >
        {status.configured
          ? `Set (${status.hint ?? "hidden"})${status.source === "env" ? `, from ${API_KEY_VARIABLES[provider] ?? "the environment"}` : ""}`
          : "Not set"}
      </span>
      <input
        id={`${id}-key`}
        type="password"
        autoComplete="off"
        spellCheck={false}
        data-testid={`settings-key-${provider}`}
        placeholder={status.configured ? "Enter a new key to replace it" : "Paste an API key"}
        value={key}
        onChange={(event) => setKey(event.target.value)}
      />
      <button
        type="submit"
        className="button"
        data-testid={`settings-key-save-${provider}`}
        disabled={busy || key.trim() === ""}
      >
        Save key
      </button>
      {hosted && status.configured && status.source === "settings" && (
        <button
          type="button"
          className="button button-danger"
          data-testid={`settings-key-remove-${provider}`}
          disabled={busy}
          onClick={() => void apply(null)}
        >
          Remove
        </button>
      )}
      {feedback !== undefined && (
        <p
          className={feedback.kind === "error" ? "field-error" : "muted"}
          role={feedback.kind === "error" ? "alert" : "status"}
          data-testid={`settings-key-feedback-${provider}`}
        >
          {feedback.text}
        </p>
      )}
    </form>
  );
}
