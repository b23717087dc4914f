import { type Glyphs, glyphsFor } from "../cards/glyphs.ts";
import { useTheme } from "./theme.ts";

/** The glyphs for the current theme. */
export function useGlyphs(): Glyphs {
  return glyphsFor(useTheme().ascii);
}
