import type { Key } from "ink";
import { useLiveState } from "../input/use-live-state.ts";

/**
 * A cursor over a settings list that ↑/↓ (and Home/End) move, read live so keys typed faster than the
 * screen redraws act where the last one left it. `move` answers whether it used the key.
 */
export function useListCursor(count: number): {
  at: number;
  read: () => number;
  move: (key: Key) => boolean;
} {
  const [cursor, setCursor, readCursor] = useLiveState(0);
  const clamp = (row: number) => Math.max(0, Math.min(row, count - 1));
  const move = (key: Key) => {
    const step = key.upArrow ? -1 : key.downArrow ? 1 : 0;
    if (step !== 0) setCursor(clamp(clamp(readCursor()) + step));
    else if (key.home) setCursor(0);
    else if (key.end) setCursor(clamp(count - 1));
    else return false;
    return true;
  };
  return { at: clamp(cursor), read: () => clamp(readCursor()), move };
}
