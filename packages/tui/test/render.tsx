import { render } from "ink-testing-library";
import type { ReactNode } from "react";
import { KeyClaims, KeyClaimsContext } from "../src/input/key-claims.tsx";
import { ThemeContext, themeFor } from "../src/theme/theme.ts";

/** Keys as a terminal sends them. */
export const KEY = {
  enter: "\r",
  escape: "\u001b",
  up: "\u001b[A",
  down: "\u001b[B",
  left: "\u001b[D",
  right: "\u001b[C",
  tab: "\t",
  ctrlS: "\u0013",
  backspace: "\u007f",
} as const;

/** Renders a component as the app does (theme without colour, key claims) with ink-testing-library. */
export function renderInTerminal(node: ReactNode) {
  const rendered = render(
    <ThemeContext.Provider value={themeFor({ NO_COLOR: "1" })}>
      <KeyClaimsContext.Provider value={new KeyClaims()}>{node}</KeyClaimsContext.Provider>
    </ThemeContext.Provider>,
  );
  return {
    ...rendered,
    frame: () => rendered.lastFrame() ?? "",
    /** Sends keys one by one, each after the app has taken the previous one (a turn of the event loop). */
    async press(...keys: string[]) {
      for (const key of keys) {
        rendered.stdin.write(key);
        await settle();
      }
    },
  };
}

/** Lets Ink read the input and React commit the update (input is parsed in the next event-loop turn). */
export async function settle(): Promise<void> {
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
}

/** A frame's text without box borders, runs of spaces and line breaks, to find wrapped sentences. */
export function flat(frame: string): string {
  return frame.replace(/[│╭╮╰╯─]/g, " ").replace(/\s+/g, " ");
}
