import { type Key, useInput } from "ink";
import { useEffect, useRef, useState } from "react";

/**
 * `useInput` that reads whether it may act, and the handler itself, from the latest render. Ink registers a
 * handler in an effect after each render, a moment after the screen shows it: a key typed in that moment
 * (Enter right after a card left and the message box took the keys) would otherwise reach nobody, or an
 * old handler acting on old state.
 *
 * Returns whether the handler is attached yet. Ink attaches a new component's handler in an effect, a
 * moment after its first frame is on screen, and a key typed in that moment reaches nobody: a panel draws
 * the line that names its keys only once this is true, so whoever reads "a approve" can press it. (Effects
 * run in the order they are declared: Ink's comes before the one that says it is attached.)
 */
export function useKeys(handler: (input: string, key: Key) => void, active = true): boolean {
  const latest = useRef({ handler, active });
  latest.current = { handler, active };
  useInput((input, key) => {
    if (latest.current.active) latest.current.handler(input, key);
  });
  const [attached, setAttached] = useState(false);
  useEffect(() => setAttached(true), []);
  return attached;
}
