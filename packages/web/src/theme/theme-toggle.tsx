import { MoonIcon, SunIcon } from "@parley/react";
import { useTheme } from "./theme-context.tsx";

/** Switches between light and dark (an explicit, remembered choice); Settings can go back to "system". */
export function ThemeToggle() {
  const theme = useTheme();
  const next = theme.resolved === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      className="icon-button"
      data-testid="theme-toggle"
      data-theme={theme.resolved}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      onClick={() => theme.setPreference(next)}
    >
      {theme.resolved === "dark" ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
