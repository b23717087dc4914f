import { useEffect, useState } from "react";

/**
 * Whether the key handlers a component declared before this call are attached. Ink attaches a new
 * component's `useInput` in an effect, a moment after its first frame is on screen, and a key typed in that
 * moment reaches nobody. A panel draws the line that names its keys only once this is true, so whoever reads
 * "a approve" can press it. (Effects run in the order they are declared: the handlers' come first.)
 */
export function useKeysAttached(): boolean {
  const [attached, setAttached] = useState(false);
  useEffect(() => setAttached(true), []);
  return attached;
}
