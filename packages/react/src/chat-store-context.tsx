import type { ChatStoreApi, ChatStoreState } from "@parley/sdk";
import { createContext, type ReactNode, useCallback, useContext, useSyncExternalStore } from "react";

const ChatStoreContext = createContext<ChatStoreApi | undefined>(undefined);

/** Makes one chat store (the sdk's, or a fake in tests) available to every component below it. */
export function ChatStoreProvider({ store, children }: { store: ChatStoreApi; children: ReactNode }) {
  return <ChatStoreContext.Provider value={store}>{children}</ChatStoreContext.Provider>;
}

/** The store's actions (send, stop, rename…); the object is stable, so it never causes a re-render. */
export function useChatActions(): ChatStoreApi {
  const store = useContext(ChatStoreContext);
  if (store === undefined) throw new Error("useChatActions needs a <ChatStoreProvider> above it");
  return store;
}

/**
 * Reads a slice of the store's immutable state and re-renders only when that slice changes identity.
 * The selector must return a part of the state (or a primitive), never a freshly built object.
 */
export function useChatStore<T>(selector: (state: ChatStoreState) => T): T {
  const store = useChatActions();
  // Called through the store so a class-based store keeps its `this`.
  const subscribe = useCallback((listener: () => void) => store.subscribe(listener), [store]);
  const select = () => selector(store.getSnapshot());
  return useSyncExternalStore(subscribe, select, select);
}
