import { useCallback, useEffect, useState } from "react";

/** A load's outcome: still loading, its value, or why it failed in words a person can read. */
export type Loaded<T> =
  | { state: "loading" }
  | { state: "ready"; value: T }
  | { state: "failed"; error: string };

/**
 * Loads once per `load` identity (memoize it on what it reads), ignoring an answer that arrives after unmount;
 * until `ready` it stays loading without asking (one CLI start at a time); `reload` asks again (a CLI that
 * timed out on a busy machine often answers the second time).
 */
export function useLoaded<T>(load: () => Promise<T>, ready = true): [Loaded<T>, () => void] {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what a reload changes.
  useEffect(() => {
    let live = true;
    setLoaded({ state: "loading" });
    if (!ready) return;
    load().then(
      (value) => {
        if (live) setLoaded({ state: "ready", value });
      },
      (error: unknown) => {
        if (live)
          setLoaded({ state: "failed", error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [load, ready, attempt]);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  return [loaded, reload];
}
