import type { SettingsView } from "@parley/protocol";
import { apiMessage } from "@parley/sdk";
import { useEffect, useState } from "react";
import { useServices } from "../store/services.tsx";

/**
 * The settings as `GET /api/settings` shows them (keys reduced to their last characters), read when a tab
 * opens; `setView` takes the view a save answers with. A failed read is given to `failed` in words.
 */
export function useSettingsView(failed: (text: string) => void): {
  view: SettingsView | undefined;
  setView: (view: SettingsView) => void;
} {
  const { store } = useServices();
  const [view, setView] = useState<SettingsView | undefined>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per client; `failed` is a fresh closure each render
  useEffect(() => {
    store.client
      .getSettings()
      .then(setView, (error: unknown) => failed(`Could not read the settings: ${apiMessage(error)}`));
  }, [store]);
  return { view, setView };
}
