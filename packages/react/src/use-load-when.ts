import { useEffect, useState } from "react";

/**
 * A value loaded each time `wanted` becomes true (a person typed `/`, say), so what appeared meanwhile is
 * found; `initial` until the first load, and the last value when a load fails. `load` must be stable.
 */
export function useLoadWhen<T>(wanted: boolean, load: () => Promise<T>, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    load()
      .then((loaded) => {
        if (live) setValue(loaded);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [wanted, load]);
  return value;
}
