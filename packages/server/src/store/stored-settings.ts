import { loadSettingsSync } from "@parley/engine/settings";
import type { ParleySettings } from "@parley/protocol";

/** The settings as stored now; a file Settings cannot read has no keys to keep secret. */
export function storedSettings(home: string): ParleySettings {
  try {
    return loadSettingsSync(home);
  } catch {
    return {};
  }
}
