import { createContext, useContext } from "react";

/**
 * Lets a focused field keep a key for itself (Esc leaving a feedback box, Tab taking a completion), so the
 * app-wide meaning of the key (Esc stops the agent, Tab moves the focus) does not also happen. Ink calls a
 * child's input handler before its parent's, so a claim made there is seen by the app's own handler.
 */
export class KeyClaims {
  #claimed = false;

  claim(): void {
    this.#claimed = true;
  }

  /** Whether the current key was claimed; reading it clears the claim for the next key. */
  take(): boolean {
    const claimed = this.#claimed;
    this.#claimed = false;
    return claimed;
  }
}

export const KeyClaimsContext = createContext(new KeyClaims());

/** The key claims of this app. */
export function useKeyClaims(): KeyClaims {
  return useContext(KeyClaimsContext);
}
