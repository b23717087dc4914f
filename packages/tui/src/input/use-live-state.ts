import { useCallback, useRef, useState } from "react";

/**
 * State whose latest value a key handler can read at once. Ink re-registers an input handler after each
 * render, a moment after the screen shows the change; a key typed in that moment (Enter right after a
 * word) reaches the previous handler, which must not act on the previous text.
 */
export function useLiveState<T>(
  initial: T | (() => T),
): [T, (next: T | ((current: T) => T)) => void, () => T] {
  const [value, setValue] = useState(initial);
  const latest = useRef(value);
  const set = useCallback((next: T | ((current: T) => T)) => {
    const resolved = typeof next === "function" ? (next as (current: T) => T)(latest.current) : next;
    latest.current = resolved;
    setValue(resolved);
  }, []);
  const read = useCallback(() => latest.current, []);
  return [value, set, read];
}
