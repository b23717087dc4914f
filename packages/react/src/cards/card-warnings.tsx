import { createContext, type ReactNode, useContext, useEffect } from "react";

/** Where card warnings go (a message of an unknown kind, a card whose data does not fit its kind). */
export type CardWarn = (message: string) => void;

interface CardWarnings {
  warn: CardWarn;
  /** Keys already reported, so a card warns once however often it renders or remounts. */
  reported: Set<string>;
}

const defaultWarnings: CardWarnings = {
  warn: (message) => console.warn(`[parley] ${message}`),
  reported: new Set(),
};

const CardWarningContext = createContext<CardWarnings>(defaultWarnings);

/** Sends card warnings to `warn` instead of `console.warn` (tests, embedding pages). */
export function CardWarningProvider({ warn, children }: { warn: CardWarn; children: ReactNode }) {
  return (
    <CardWarningContext.Provider value={{ warn, reported: new Set() }}>
      {children}
    </CardWarningContext.Provider>
  );
}

/** Logs `message` once for `key` while it is set: a card fell back to showing its content as text. */
export function useCardWarning(key: string, message: string | undefined): void {
  const warnings = useContext(CardWarningContext);
  useEffect(() => {
    if (message === undefined) return;
    const reported = `${key}\u0000${message}`;
    if (warnings.reported.has(reported)) return;
    warnings.reported.add(reported);
    warnings.warn(message);
  }, [warnings, key, message]);
}
