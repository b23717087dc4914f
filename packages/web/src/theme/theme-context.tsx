import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";

/** The person's theme choice; `system` follows the operating system's light or dark setting. */
export type ThemePreference = "system" | "light" | "dark";

/** What a theme-aware component gets: the choice, what it resolves to now, and a way to change it. */
export interface ThemeState {
  preference: ThemePreference;
  resolved: "light" | "dark";
  setPreference(preference: ThemePreference): void;
}

/** The localStorage key the choice is kept under. */
export const THEME_STORAGE_KEY = "parley.theme";

const DARK_QUERY = "(prefers-color-scheme: dark)";
const ThemeContext = createContext<ThemeState | undefined>(undefined);

/**
 * Holds the theme: the stored choice (or `system`), resolved against the OS setting and kept up to date
 * when it changes, and written to `<html data-theme>` so the stylesheet's variables follow.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreferenceState] = useState<ThemePreference>(readStoredPreference);
  const [systemDark, setSystemDark] = useState(() => window.matchMedia?.(DARK_QUERY).matches ?? false);

  useEffect(() => {
    const query = window.matchMedia?.(DARK_QUERY);
    if (query === undefined) return;
    const onChange = (event: MediaQueryListEvent) => setSystemDark(event.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  const resolved = preference === "system" ? (systemDark ? "dark" : "light") : preference;
  useEffect(() => {
    document.documentElement.dataset.theme = resolved;
    document.documentElement.style.colorScheme = resolved;
  }, [resolved]);

  const state = useMemo<ThemeState>(
    () => ({
      preference,
      resolved,
      setPreference(next) {
        setPreferenceState(next);
        try {
          if (next === "system") localStorage.removeItem(THEME_STORAGE_KEY);
          else localStorage.setItem(THEME_STORAGE_KEY, next);
        } catch {
          // Storage can be unavailable (private mode, disabled); the choice then lasts for this page only.
        }
      },
    }),
    [preference, resolved],
  );
  return <ThemeContext.Provider value={state}>{children}</ThemeContext.Provider>;
}

/** The current theme and its setter; needs a `<ThemeProvider>` above. */
export function useTheme(): ThemeState {
  const state = useContext(ThemeContext);
  if (state === undefined) throw new Error("useTheme needs a <ThemeProvider> above it");
  return state;
}

function readStoredPreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return stored === "light" || stored === "dark" ? stored : "system";
  } catch {
    return "system";
  }
}
