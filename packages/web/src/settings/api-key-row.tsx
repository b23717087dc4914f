import type { ParleySettings, SettingsUpdate, SettingsView } from "@parley/protocol";
import { type FormEvent, useId, useState } from "react";
import type { SettingsResult } from "./settings-api.ts";

type KeyStatus = SettingsView["api_keys"][number];

const ENVIRONMENT_VARIABLES: Record<string, string> = {
  anthropic: "ANTHROPIC_API_KEY",
  openai: "OPENAI_API_KEY",
};

/**
 * One provider's API key. Keys are write-only: the page shows only whether one is set and its last four
 * characters, sends a new key once, and removes a stored key by sending `null`.
 */
export function ApiKeyRow({
  status,
  settings,
  save,
}: {
  status: KeyStatus;
  settings: ParleySettings;
  save: (update: SettingsUpdate) => Promise<SettingsResult>;
}) {
  const [key, setKey] = useState("");
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<{ kind: "ok" | "error"; text: string } | undefined>(undefined);
  const id = useId();
  const provider = status.provider;
  const hosted = provider in ENVIRONMENT_VARIABLES;

  const apply = async (value: string | null) => {
    setBusy(true);
    setFeedback(undefined);
    const result = await save(keyUpdate(provider, value, settings));
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
          ? `Set (${status.hint ?? "hidden"})${status.source === "env" ? `, from ${ENVIRONMENT_VARIABLES[provider] ?? "the environment"}` : ""}`
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

/**
 * The update that sets (or, with `null`, removes) one provider's key. OpenAI-compatible endpoints live in
 * an array the server replaces whole; endpoints sent without `api_key` keep their stored key.
 */
export function keyUpdate(provider: string, key: string | null, settings: ParleySettings): SettingsUpdate {
  if (provider === "anthropic" || provider === "openai") {
    return { providers: { [provider]: { api_key: key } } };
  }
  const endpoints = settings.providers?.openai_compatible ?? [];
  return {
    providers: {
      openai_compatible: endpoints.map((endpoint) =>
        endpoint.id === provider && key !== null ? { ...endpoint, api_key: key } : endpoint,
      ),
    },
  };
}
