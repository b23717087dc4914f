import { useEffect, useState } from "react";

/** A load's outcome: still loading, its value, or why it failed in words a person can read. */
export type Loaded<T> =
  | { state: "loading" }
  | { state: "ready"; value: T }
  | { state: "failed"; error: string };

/** Loads once per `load` identity (memoize it on what it reads), ignoring an answer that arrives after unmount. */
export function useLoaded<T>(load: () => Promise<T>): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: "loading" });
  useEffect(() => {
    let live = true;
    setLoaded({ state: "loading" });
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
  }, [load]);
  return loaded;
}
