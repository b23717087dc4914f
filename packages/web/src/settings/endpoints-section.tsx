import type { OpenAICompatibleEndpoint, ParleySettings, SettingsUpdate } from "@parley/protocol";
import { endpointAddUpdate, endpointRemoveUpdate, modelList } from "@parley/sdk";
import { type FormEvent, useId, useState } from "react";
import type { SettingsResult } from "./settings-api.ts";

/**
 * What went wrong with a save, per field where the server named one: a field of the endpoint being saved by
 * its name alone, one of another endpoint in the list sent with that endpoint's id.
 */
function problemOf(
  result: Extract<SettingsResult, { ok: false }>,
  sent: SettingsUpdate,
  saving: string | undefined,
): string {
  const endpoints = (sent as ParleySettings).providers?.openai_compatible ?? [];
  const details = result.issues.map((issue) => {
    const [, at, field] = /^body\.providers\.openai_compatible\.(\d+)\.(.+)$/.exec(issue.path) ?? [];
    if (at === undefined || field === undefined) return `${issue.path}: ${issue.message}`;
    const id = endpoints[Number(at)]?.id;
    return saving !== undefined && id === saving
      ? `${field}: ${issue.message}`
      : `endpoint ${id ?? at}, ${field}: ${issue.message}`;
  });
  return details.length > 0 ? details.join("; ") : result.message;
}

/**
 * OpenAI-compatible endpoints (a gateway, a hosted open-model service, a local server on another port): each
 * one's id is the provider part of a model reference (`gateway:model`), so once added it can be picked as
 * the model above and its key set under API keys. Ollama, LM Studio, vLLM and llama.cpp on their usual
 * ports need no entry. Adding one with an id that exists replaces it (keeping its key while the base URL's
 * scheme, host and port are the same, unless a new one is typed); a key typed here is sent once and never
 * shown again.
 */
export function EndpointsSection({
  settings,
  latest,
  save,
}: {
  settings: ParleySettings;
  /** The settings as they are now: the list is sent whole, so it is built from them. */
  latest: () => Promise<ParleySettings>;
  save: (update: SettingsUpdate) => Promise<SettingsResult>;
}) {
  const endpoints = settings.providers?.openai_compatible ?? [];
  const [id, setId] = useState("");
  const [baseUrl, setBaseUrl] = useState("");
  const [models, setModels] = useState("");
  const [key, setKey] = useState("");
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<{ kind: "ok" | "error"; text: string } | undefined>();
  const formId = useId();

  /** Saves the update built from the settings as they are now; `saving` is the id of the endpoint added. */
  const apply = async (update: (now: ParleySettings) => SettingsUpdate, done: string, saving?: string) => {
    setBusy(true);
    setFeedback(undefined);
    try {
      const sent = update(await latest());
      const result = await save(sent);
      setFeedback(
        result.ok ? { kind: "ok", text: done } : { kind: "error", text: problemOf(result, sent, saving) },
      );
      return result.ok;
    } catch (error) {
      setFeedback({ kind: "error", text: (error as Error).message });
      return false;
    } finally {
      setBusy(false);
    }
  };
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const typedModels = modelList(models);
    const endpoint: OpenAICompatibleEndpoint = {
      id: id.trim(),
      base_url: baseUrl.trim(),
      ...(typedModels.length > 0 && { models: typedModels }),
      ...(key.trim() !== "" && { api_key: key.trim() }),
    };
    const replacing = endpoints.some((entry) => entry.id === endpoint.id);
    const done = replacing ? `Replaced ${endpoint.id}.` : `Saved ${endpoint.id}.`;
    if (await apply((now) => endpointAddUpdate(endpoint, now), done, endpoint.id)) {
      setId("");
      setBaseUrl("");
      setModels("");
      setKey("");
    }
  };

  return (
    <section
      className="settings-section"
      data-testid="settings-endpoints"
      aria-labelledby={`${formId}-title`}
    >
      <h2 id={`${formId}-title`}>OpenAI-compatible endpoints</h2>
      <p className="muted">
        A gateway or server that speaks OpenAI's Chat Completions. Its id names it in model references (
        <code>id:model</code>); Ollama, LM Studio, vLLM and llama.cpp on their usual ports need no entry.
        Adding an id again replaces it; its stored key stays only while its base URL keeps its scheme, host
        and port.
      </p>
      {endpoints.length > 0 && (
        <ul className="endpoint-list" data-testid="endpoint-list">
          {endpoints.map((endpoint) => (
            <li
              key={endpoint.id}
              className="endpoint-row"
              data-testid="endpoint-row"
              data-endpoint={endpoint.id}
            >
              <strong>{endpoint.id}</strong> <code>{endpoint.base_url}</code>
              {endpoint.models !== undefined && endpoint.models.length > 0 && (
                <span className="muted"> · {endpoint.models.join(", ")}</span>
              )}{" "}
              <button
                type="button"
                className="button"
                data-testid="endpoint-remove"
                disabled={busy}
                onClick={() =>
                  void apply((now) => endpointRemoveUpdate(endpoint.id, now), `Removed ${endpoint.id}.`)
                }
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="endpoint-form" data-testid="endpoint-form" onSubmit={(event) => void add(event)}>
        <label htmlFor={`${formId}-id`}>Id</label>
        <input
          id={`${formId}-id`}
          data-testid="endpoint-id"
          placeholder="e.g. openrouter"
          value={id}
          onChange={(event) => setId(event.target.value)}
          required
        />
        <label htmlFor={`${formId}-url`}>Base URL (with its version path)</label>
        <input
          id={`${formId}-url`}
          data-testid="endpoint-url"
          type="url"
          placeholder="https://openrouter.ai/api/v1"
          value={baseUrl}
          onChange={(event) => setBaseUrl(event.target.value)}
          required
        />
        <label htmlFor={`${formId}-models`}>Models offered in pickers (optional)</label>
        <input
          id={`${formId}-models`}
          data-testid="endpoint-models"
          placeholder="qwen/qwen3-coder, deepseek/deepseek-chat"
          value={models}
          onChange={(event) => setModels(event.target.value)}
        />
        <label htmlFor={`${formId}-key`}>API key (optional)</label>
        <input
          id={`${formId}-key`}
          data-testid="endpoint-key"
          type="password"
          autoComplete="off"
          value={key}
          onChange={(event) => setKey(event.target.value)}
        />
        {feedback !== undefined && (
          <p
            className={feedback.kind === "error" ? "field-error" : "muted"}
            role={feedback.kind === "error" ? "alert" : "status"}
            data-testid="endpoint-feedback"
          >
            {feedback.text}
          </p>
        )}
        <button type="submit" className="button button-primary" data-testid="endpoint-save" disabled={busy}>
          Add endpoint
        </button>
      </form>
    </section>
  );
}
