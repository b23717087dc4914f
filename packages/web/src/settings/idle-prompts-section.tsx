import type { IdlePromptStatus, SettingsUpdate } from "@parley/protocol";
import { type FormEvent, useId, useState } from "react";
import type { SettingsResult } from "./settings-api.ts";

const SOURCE_WORDS: Record<IdlePromptStatus["source"], string> = {
  settings: "set here",
  env: "from PARLEY_IDLE_PROMPTS where Parley started",
  default: "the default",
};

/** "after 10 minutes" or "after 90 seconds". */
function idleDelay(seconds: number): string {
  if (seconds % 60 !== 0) return `${seconds} seconds`;
  const minutes = seconds / 60;
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/**
 * Idle prompts (seed 002's idle scheduler) as a setting: on or off, how long an agent must be idle first and
 * how many prompts one mission may get. Shows what the server runs now and where it was set; the
 * environment's PARLEY_IDLE_* values are the defaults this overrides.
 */
export function IdlePromptsSection({
  status,
  save,
}: {
  status: IdlePromptStatus;
  save: (update: SettingsUpdate) => Promise<SettingsResult>;
}) {
  const [enabled, setEnabled] = useState(status.enabled);
  const [minutes, setMinutes] = useState(String(Math.max(1, Math.round(status.after_seconds / 60))));
  const [budget, setBudget] = useState(String(status.max_turns_per_mission));
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(undefined);
    const result = await save({
      idle_prompts: {
        enabled,
        after_seconds: Math.round(Number(minutes) * 60),
        max_turns_per_mission: Number(budget),
      },
    });
    setSaving(false);
    if (!result.ok) setError(result.issues.map((issue) => issue.message).join("; ") || result.message);
  };
  return (
    <section className="settings-section" data-testid="settings-idle-prompts" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Idle prompts</h2>
      <p className="muted">
        When an agent has finished and stays idle, Parley can send it a prompt toward the project's mission.
      </p>
      <p data-testid="idle-prompts-status" data-enabled={status.enabled}>
        {status.enabled
          ? `On: after ${idleDelay(status.after_seconds)} idle, at most ${status.max_turns_per_mission} per mission`
          : "Off"}{" "}
        <span className="muted">({SOURCE_WORDS[status.source]})</span>
      </p>
      <form className="idle-prompts-form" onSubmit={(event) => void submit(event)}>
        <label className="checkbox">
          <input
            type="checkbox"
            data-testid="idle-prompts-enabled"
            checked={enabled}
            onChange={(event) => setEnabled(event.target.checked)}
          />
          Prompt idle agents toward the mission
        </label>
        <label htmlFor={`${id}-minutes`}>Idle for (minutes)</label>
        <input
          id={`${id}-minutes`}
          type="number"
          min={1}
          step={1}
          data-testid="idle-prompts-minutes"
          value={minutes}
          onChange={(event) => setMinutes(event.target.value)}
        />
        <label htmlFor={`${id}-budget`}>Prompts per mission at most</label>
        <input
          id={`${id}-budget`}
          type="number"
          min={1}
          max={1000}
          step={1}
          data-testid="idle-prompts-budget"
          value={budget}
          onChange={(event) => setBudget(event.target.value)}
        />
        {error !== undefined && (
          <p className="notice notice-error" role="alert" data-testid="idle-prompts-error">
            {error}
          </p>
        )}
        <button type="submit" className="button" data-testid="idle-prompts-save" disabled={saving}>
          Save
        </button>
      </form>
    </section>
  );
}
