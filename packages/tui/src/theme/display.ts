import { createContext, useContext } from "react";

/** How the transcript is drawn right now: the terminal's width and whether tool output shows in full. */
export interface Display {
  columns: number;
  rows: number;
  /** Ctrl-O: tool inputs and outputs in full rather than their first lines. */
  expandTools: boolean;
}

/** The display settings; tests render with the ones they want. */
export const DisplayContext = createContext<Display>({ columns: 80, rows: 24, expandTools: false });

/** The current display settings. */
export function useDisplay(): Display {
  return useContext(DisplayContext);
}

/** Lines of tool output shown before "… more lines" while collapsed. */
export const COLLAPSED_LINES = 8;
