import type { AgentCliStatus, CliModel } from "@parley/protocol";
import { useCallback, useId } from "react";
import type { AgentBackendsApi } from "./agent-backends-api.ts";
import { LoadFailure } from "./load-failure.tsx";
import { useLoaded } from "./use-loaded.ts";

/**
 * The model a chat with an agent CLI runs with: free text in the CLI's naming, suggesting the models the CLI
 * itself offers (they fill in once it has listed them; asking may take a few seconds) and those earlier
 * sessions chose. Empty is the CLI's own default, named when the CLI says which it is.
 */
export function AgentCliModelField({
  api,
  cli,
  earlier,
  value,
  onChange,
  ask = true,
}: {
  api: AgentBackendsApi;
  cli: AgentCliStatus;
  /** Whether to ask the CLI now: the picker waits until the CLI has listed its agents, one CLI start at a time. */
  ask?: boolean;
  /** Models earlier Parley sessions chose for this CLI. */
  earlier: readonly string[];
  value: string;
  onChange: (model: string) => void;
}) {
  const [listed, reload] = useLoaded(
    useCallback(() => api.listModels(cli.name), [api, cli.name]),
    ask,
  );
  const suggestionsId = useId();
  const offered = listed.state === "ready" ? listed.value.models : [];
  const fallback = listed.state === "ready" ? listed.value.current_model : null;
  const suggestions: CliModel[] = [
    ...offered,
    ...earlier.filter((id) => !offered.some((model) => model.id === id)).map((id) => ({ id })),
  ];
  return (
    <label>
      <span className="muted">Model</span>
      <input
        data-testid="agent-cli-model"
        data-models={listed.state}
        list={suggestionsId}
        value={value}
        placeholder={fallback ? `${cli.label}'s default (${fallback})` : `${cli.label}'s configured model`}
        onChange={(event) => onChange(event.target.value)}
      />
      <datalist id={suggestionsId}>
        {suggestions.map((model) => (
          <option key={model.id} value={model.id} label={labelOf(model)} />
        ))}
      </datalist>
      {listed.state === "loading" && (
        <span className="muted" data-testid="agent-cli-models-loading">
          Asking {cli.label} for its models…
        </span>
      )}
      {listed.state === "failed" && (
        <LoadFailure as="span" error={listed.error} testId="agent-cli-models-error" onRetry={reload} />
      )}
    </label>
  );
}

/** What a suggestion says beside its id: the CLI's name for it and its description, when they add something. */
function labelOf(model: CliModel): string | undefined {
  const parts = [model.name, model.description].filter((part) => part && part !== model.id);
  return parts.length > 0 ? parts.join(" · ") : undefined;
}
