import type { SettingsUpdate, SettingsView } from "@parley/protocol";
import { useCallback, useEffect, useState } from "react";
import type { SettingsApi, SettingsResult } from "./settings-api.ts";

/** The settings page's data: the current view, the load error if any, and a save that refreshes the view. */
export interface SettingsHandle {
  view?: SettingsView;
  loadError?: SettingsResult & { ok: false };
  save(update: SettingsUpdate): Promise<SettingsResult>;
}

/** Loads the settings once and keeps the view current after each successful save. */
export function useSettings(api: SettingsApi): SettingsHandle {
  const [view, setView] = useState<SettingsView | undefined>(undefined);
  const [loadError, setLoadError] = useState<SettingsHandle["loadError"]>(undefined);

  useEffect(() => {
    let cancelled = false;
    void api.load().then((result) => {
      if (cancelled) return;
      if (result.ok) setView(result.value);
      else setLoadError(result);
    });
    return () => {
      cancelled = true;
    };
  }, [api]);

  const save = useCallback(
    async (update: SettingsUpdate) => {
      const result = await api.save(update);
      if (result.ok) setView(result.value);
      return result;
    },
    [api],
  );

  return { view, loadError, save };
}
