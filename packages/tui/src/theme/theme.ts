import { createContext, useContext } from "react";

/** A colour name Ink understands (one of the 16 ANSI colours, so the terminal's own palette decides). */
export type Colour = "red" | "green" | "yellow" | "blue" | "magenta" | "cyan" | "gray" | "redBright";

/**
 * The terminal UI's colours by role. Every colour is one of the terminal's 16 ANSI colours, so light and
 * dark palettes both keep it readable; a role is undefined under `NO_COLOR`, where emphasis falls back to
 * bold, dim and inverse (which are not colours).
 */
export interface Theme {
  accent?: Colour;
  user?: Colour;
  success?: Colour;
  warning?: Colour;
  danger?: Colour;
  muted?: Colour;
  /** Code colours by highlight.js class (keyword, string, …). */
  code: Partial<Record<CodeRole, Colour>>;
  /** False under NO_COLOR. */
  colour: boolean;
  /** Glyphs fall back to ASCII where a terminal cannot show them (TERM=linux, PARLEY_ASCII=1). */
  ascii: boolean;
}

/** The highlight.js classes the terminal colours. */
export type CodeRole = "keyword" | "string" | "number" | "comment" | "title" | "type" | "attr" | "meta";

/** Whether the terminal's background is light: `PARLEY_THEME`, else `COLORFGBG` (set by many terminals). */
export function isLightBackground(env: Readonly<Record<string, string | undefined>>): boolean {
  const chosen = env.PARLEY_THEME?.toLowerCase();
  if (chosen === "light" || chosen === "dark") return chosen === "light";
  const background = Number(env.COLORFGBG?.split(";").at(-1));
  // 7 (white) and 9–15 (bright colours) are light backgrounds in the xterm convention.
  return Number.isInteger(background) && (background === 7 || background >= 9);
}

/** The theme for an environment: no colour under NO_COLOR (https://no-color.org), light or dark otherwise. */
export function themeFor(env: Readonly<Record<string, string | undefined>>): Theme {
  const ascii = env.PARLEY_ASCII === "1" || env.TERM === "linux";
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return { code: {}, colour: false, ascii };
  const light = isLightBackground(env);
  return {
    accent: "cyan",
    user: light ? "blue" : "cyan",
    success: "green",
    warning: light ? "magenta" : "yellow",
    danger: "red",
    muted: "gray",
    colour: true,
    ascii,
    code: {
      keyword: "magenta",
      string: "green",
      number: light ? "blue" : "yellow",
      comment: "gray",
      title: "blue",
      type: "cyan",
      attr: light ? "red" : "yellow",
      meta: "gray",
    },
  };
}

/** The theme the components use; a test renders with the one it wants. */
export const ThemeContext = createContext<Theme>(themeFor({}));

/** The current theme. */
export function useTheme(): Theme {
  return useContext(ThemeContext);
}
