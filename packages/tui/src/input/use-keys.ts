import { type Key, useInput } from "ink";
import { useRef } from "react";

/**
 * `useInput` that reads whether it may act, and the handler itself, from the latest render. Ink registers a
 * handler in an effect after each render, a moment after the screen shows it: a key typed in that moment
 * (Enter right after a card left and the message box took the keys) would otherwise reach nobody, or an
 * old handler acting on old state.
 */
export function useKeys(handler: (input: string, key: Key) => void, active: boolean): void {
  const latest = useRef({ handler, active });
  latest.current = { handler, active };
  useInput((input, key) => {
    if (latest.current.active) latest.current.handler(input, key);
  });
}
