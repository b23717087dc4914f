import { useEffect, useState } from "react";

type HighlightCode = typeof import("./highlighter.tsx").highlightCode;

let loaded: HighlightCode | undefined;
let loading: Promise<HighlightCode> | undefined;

/** Loads the highlighter (highlight.js grammars, the largest part of the bundle) on first use, once. */
function loadHighlighter(): Promise<HighlightCode> {
  loading ??= import("./highlighter.tsx").then((module) => {
    loaded = module.highlightCode;
    return loaded;
  });
  return loading;
}

/**
 * The code highlighter, or undefined while its chunk loads: pages without code never download it, and
 * code shows as plain text until it arrives.
 */
export function useHighlighter(): HighlightCode | undefined {
  const [highlighter, setHighlighter] = useState<HighlightCode | undefined>(() => loaded);
  useEffect(() => {
    if (highlighter !== undefined) return;
    let cancelled = false;
    void loadHighlighter().then((loadedHighlighter) => {
      if (!cancelled) setHighlighter(() => loadedHighlighter);
    });
    return () => {
      cancelled = true;
    };
  }, [highlighter]);
  return highlighter;
}
