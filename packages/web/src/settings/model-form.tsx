import type { ApiErrorIssue, ParleySettings, SettingsUpdate, SettingsView } from "@parley/protocol";
import { type FormEvent, useId, useState } from "react";
import { joinModelRef, splitModelRef } from "./model-ref.ts";
import type { SettingsResult } from "./settings-api.ts";

/** Picks the default model (provider and name) and the fallback model; server validation shows per field. */
export function ModelForm({
  view,
  settings,
  save,
}: {
  view: SettingsView;
  settings: ParleySettings;
  save: (update: SettingsUpdate) => Promise<SettingsResult>;
}) {
  const initial = splitModelRef(settings.model ?? view.model.ref);
  const [provider, setProvider] = useState(initial.provider);
  const [model, setModel] = useState(initial.model);
  const [fallback, setFallback] = useState(settings.fallback_model ?? "");
  const [issues, setIssues] = useState<ApiErrorIssue[]>([]);
  const [message, setMessage] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const id = useId();

  const endpoints = settings.providers?.openai_compatible ?? [];
  const providers = ["demo", "anthropic", "openai", ...endpoints.map((endpoint) => endpoint.id)];
  if (!providers.includes(provider)) providers.push(provider);
  const suggestions = endpoints.find((endpoint) => endpoint.id === provider)?.models ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (provider !== "demo" && model.trim() === "") {
      setIssues([{ path: "body.model", message: "Enter a model name for this provider." }]);
      return;
    }
    setSaving(true);
    setMessage(undefined);
    const update: SettingsUpdate = {
      model: joinModelRef({ provider, model }),
      fallback_model: fallback.trim() === "" ? null : fallback.trim(),
    };
    const result = await save(update);
    setSaving(false);
    if (result.ok) {
      setIssues([]);
      setMessage(`Saved. ${result.value.model.label} answers from now on.`);
    } else {
      setIssues(result.issues.length > 0 ? result.issues : [{ path: "", message: result.message }]);
    }
  };

  const fieldIssue = (field: string) => issues.find((issue) => issue.path === `body.${field}`)?.message;
  const modelIssue = fieldIssue("model");
  const fallbackIssue = fieldIssue("fallback_model");
  return (
    <form
      className="settings-section"
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>Model</h2>
      <p className="muted" data-testid="settings-current-model">
        Answering now: <strong>{view.model.label}</strong> <code>{view.model.ref}</code>, from{" "}
        {view.model.source}
      </p>
      {view.model.error !== undefined && (
        <p className="notice notice-warning" role="status" data-testid="settings-model-problem">
          {view.model.error}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-provider`}>Provider</label>
        <select
          id={`${id}-provider`}
          data-testid="settings-provider"
          value={provider}
          onChange={(event) => setProvider(event.target.value)}
        >
          {providers.map((option) => (
            <option key={option} value={option}>
              {option === "demo" ? "Demo (offline, canned answers)" : option}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-model`}>Model name</label>
        <input
          id={`${id}-model`}
          data-testid="settings-model"
          value={provider === "demo" ? "" : model}
          disabled={provider === "demo"}
          placeholder={
            provider === "demo" ? "not needed for the demo model" : "e.g. the model id your provider lists"
          }
          list={suggestions.length > 0 ? `${id}-suggestions` : undefined}
          aria-invalid={modelIssue !== undefined}
          aria-describedby={modelIssue !== undefined ? `${id}-model-error` : undefined}
          onChange={(event) => setModel(event.target.value)}
        />
        {suggestions.length > 0 && (
          <datalist id={`${id}-suggestions`}>
            {suggestions.map((suggestion) => (
              <option key={suggestion} value={suggestion} />
            ))}
          </datalist>
        )}
        {modelIssue !== undefined && (
          <p className="field-error" id={`${id}-model-error`} data-testid="settings-model-error">
            {modelIssue}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-fallback`}>Fallback model (optional)</label>
        <input
          id={`${id}-fallback`}
          data-testid="settings-fallback-model"
          value={fallback}
          placeholder="provider:model, used when the preferred model keeps failing"
          aria-invalid={fallbackIssue !== undefined}
          aria-describedby={fallbackIssue !== undefined ? `${id}-fallback-error` : undefined}
          onChange={(event) => setFallback(event.target.value)}
        />
        {fallbackIssue !== undefined && (
          <p className="field-error" id={`${id}-fallback-error`} data-testid="settings-fallback-model-error">
            {fallbackIssue}
          </p>
        )}
      </div>
      {issues.length > 0 && (
        <ul className="field-error" data-testid="settings-error" role="alert">
          {issues.map((issue) => (
            <li key={`${issue.path}:${issue.message}`}>
              {issue.path !== "" && <code>{issue.path.replace(/^body\./, "")}</code>} {issue.message}
            </li>
          ))}
        </ul>
      )}
      <div className="settings-actions">
        <button
          type="submit"
          className="button button-primary"
          data-testid="settings-save-model"
          disabled={saving}
        >
          {saving ? "Saving…" : "Save model"}
        </button>
        {message !== undefined && (
          <span className="muted" role="status" data-testid="settings-saved">
            {message}
          </span>
        )}
      </div>
    </form>
  );
}
