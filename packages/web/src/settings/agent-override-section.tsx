import type { AgentOverride } from "@parley/protocol";
import type { MissionClient } from "@parley/sdk";
import { useCallback, useEffect, useId, useState } from "react";

/** The override calls the section makes (a `MissionClient`; tests pass one in memory). */
export type AgentOverrideApi = Pick<MissionClient, "override" | "setOverride">;

/** The agent the chat talks to; its override is the one people set. */
const AGENT_ID = "main";

/**
 * An agent's overrides for this project (seed 002 `agent-override`): another model and extra instructions
 * for the main agent, applied from its next run. Saving empty fields takes the overrides back.
 */
export function AgentOverrideSection({ api }: { api: AgentOverrideApi }) {
  const [current, setCurrent] = useState<AgentOverride | null | undefined>();
  const [model, setModel] = useState("");
  const [instructions, setInstructions] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const modelId = useId();
  const instructionsId = useId();
  const show = useCallback((override: AgentOverride | null) => {
    setCurrent(override);
    setModel(override?.model ?? "");
    setInstructions(override?.system_prompt ?? "");
  }, []);
  useEffect(() => {
    api
      .override(AGENT_ID)
      .then(show, (failure: Error) => setError(`Could not load the override: ${failure.message}`));
  }, [api, show]);
  const save = async () => {
    setSaved(false);
    try {
      const trimmedModel = model.trim();
      const trimmedInstructions = instructions.trim();
      show(
        await api.setOverride({
          agent_id: AGENT_ID,
          ...(trimmedModel !== "" && { model: trimmedModel }),
          ...(trimmedInstructions !== "" && { system_prompt: trimmedInstructions }),
          ...(current?.permission_mode !== undefined && {
            permission_mode: current.permission_mode as
              | "default"
              | "acceptEdits"
              | "plan"
              | "bypassPermissions",
          }),
        }),
      );
      setError(undefined);
      setSaved(true);
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <section
      className="settings-section"
      data-testid="settings-agent-override"
      aria-labelledby="override-title"
    >
      <h2 id="override-title">Agent override</h2>
      <p className="muted">
        For this project only: the model the main agent uses and instructions added to its own, from its next
        run. Leave a field empty to use the project's.
      </p>
      {error !== undefined && (
        <p className="notice notice-error" role="alert" data-testid="override-error">
          {error}
        </p>
      )}
      <form
        className="override-form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="field">
          <label htmlFor={modelId}>Model</label>
          <input
            id={modelId}
            type="text"
            data-testid="override-model"
            placeholder="provider:model, e.g. anthropic:claude-sonnet-4-5"
            value={model}
            onChange={(event) => setModel(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={instructionsId}>Instructions</label>
          <textarea
            id={instructionsId}
            rows={4}
            data-testid="override-instructions"
            value={instructions}
            onChange={(event) => setInstructions(event.target.value)}
          />
        </div>
        <div className="settings-actions">
          <button
            type="submit"
            className="button"
            data-testid="override-save"
            disabled={current === undefined}
          >
            Save override
          </button>
          {saved && (
            <span className="muted" role="status" data-testid="override-saved">
              Saved; the agent's next run uses it.
            </span>
          )}
        </div>
      </form>
    </section>
  );
}
