import type { Mission } from "@parley/protocol";
import { MissionClient } from "@parley/sdk";
import { useCallback, useEffect, useId, useState } from "react";

/** The mission calls the section makes (a `MissionClient`; tests pass one in memory). */
export type MissionApi = Pick<MissionClient, "active" | "history" | "set" | "clear">;

let sameOrigin: MissionClient | undefined;

/** The page's own client: same origin, with the session cookie. */
export function defaultMissionApi(): MissionClient {
  sameOrigin ??= new MissionClient();
  return sameOrigin;
}

function when(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/**
 * The project's mission (seed 002): the active one, a box to set a new one, Clear, and every earlier
 * mission with when it was set and cleared. Every run's instructions carry the active mission; with idle
 * prompts on, idle agents are nudged toward it.
 */
export function MissionSection({ api }: { api: MissionApi }) {
  const [active, setActive] = useState<Mission | null | undefined>();
  const [history, setHistory] = useState<Mission[]>([]);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const reload = useCallback(async () => {
    try {
      const [current, all] = await Promise.all([api.active(), api.history()]);
      setActive(current);
      setHistory(all);
      setError(undefined);
    } catch (failure) {
      setError(`Could not load the mission: ${(failure as Error).message}`);
    }
  }, [api]);
  useEffect(() => {
    void reload();
  }, [reload]);
  const act = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      await reload();
      return true;
    } catch (failure) {
      setError((failure as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const earlier = history.filter((mission) => mission.id !== active?.id);
  return (
    <section
      className="settings-section"
      data-testid="settings-mission"
      aria-labelledby="settings-mission-title"
    >
      <h2 id="settings-mission-title">Mission</h2>
      <p className="muted">
        The project's standing goal. Every agent run is told it; with idle prompts on (below) an agent that
        falls idle is sent a prompt toward it.
      </p>
      {error !== undefined && (
        <p className="notice notice-error" role="alert" data-testid="mission-error">
          {error}
        </p>
      )}
      {active === null && <p data-testid="mission-none">No mission is set.</p>}
      {active && (
        <div className="mission-active" data-testid="mission-active">
          <blockquote className="mission-text">{active.text}</blockquote>
          <p className="muted">Set {when(active.created_at_ms)}</p>
          <button
            type="button"
            className="button button-small"
            data-testid="mission-clear"
            disabled={busy}
            onClick={() => void act(() => api.clear())}
          >
            Clear mission
          </button>
        </div>
      )}
      <form
        className="mission-form"
        onSubmit={(event) => {
          event.preventDefault();
          const text = draft.trim();
          if (text === "") return;
          void act(() => api.set(text)).then((ok) => ok && setDraft(""));
        }}
      >
        <div className="field">
          <label htmlFor={inputId}>{active ? "Replace it with" : "New mission"}</label>
          <textarea
            id={inputId}
            data-testid="mission-input"
            rows={3}
            value={draft}
            placeholder="e.g. Make every test pass before the release"
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <div className="settings-actions">
          <button
            type="submit"
            className="button"
            data-testid="mission-set"
            disabled={busy || draft.trim() === ""}
          >
            Set mission
          </button>
        </div>
      </form>
      {earlier.length > 0 && (
        <>
          <h3>Earlier missions</h3>
          <ul className="mission-history" data-testid="mission-history">
            {earlier.map((mission) => (
              <li key={mission.id} data-testid="mission-history-item">
                <span>{mission.text}</span>{" "}
                <span className="muted">
                  set {when(mission.created_at_ms)}
                  {mission.cleared_at_ms !== null && `, cleared ${when(mission.cleared_at_ms)}`}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
