/** Whether this tab is shown, and word when that changes (the shared stream's leader follows it). */
export interface PageVisibility {
  isVisible(): boolean;
  /** Calls `listener` whenever the visibility may have changed; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

interface DocumentLike {
  visibilityState?: string;
  addEventListener?: (type: string, listener: () => void) => void;
  removeEventListener?: (type: string, listener: () => void) => void;
}

/**
 * The page's visibility from `document.visibilityState` and `visibilitychange`. Without a document (Node,
 * a worker) the tab counts as always visible, so it never takes the lead from another tab.
 */
export function documentVisibility(): PageVisibility {
  const page = (globalThis as { document?: DocumentLike }).document;
  if (page?.addEventListener === undefined || page.removeEventListener === undefined) {
    return { isVisible: () => true, subscribe: () => () => {} };
  }
  return {
    isVisible: () => page.visibilityState !== "hidden",
    subscribe: (listener) => {
      page.addEventListener?.("visibilitychange", listener);
      return () => page.removeEventListener?.("visibilitychange", listener);
    },
  };
}
