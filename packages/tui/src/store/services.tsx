import type { ChatStoreApi, ChatStoreState, ParleyClient, WorkflowClient } from "@parley/sdk";
import { createContext, type ReactNode, useCallback, useContext, useSyncExternalStore } from "react";

/** What the terminal UI talks to: the chat store (events, sessions, interactions) and the workflow routes. */
export interface TuiServices {
  store: ChatStoreApi & { readonly client: ParleyClient };
  workflows: WorkflowClient;
  /** The project the server serves (for the header). */
  projectRoot: string;
  /** A one-time link that signs a browser in to the same server, when the UI can make one. */
  browserLink?: () => string | undefined;
}

const ServicesContext = createContext<TuiServices | undefined>(undefined);

/** Provides the store and clients to every component below. */
export function ServicesProvider({ services, children }: { services: TuiServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

/** The store and clients. */
export function useServices(): TuiServices {
  const services = useContext(ServicesContext);
  if (services === undefined) throw new Error("useServices outside ServicesProvider");
  return services;
}

/**
 * A slice of the store's state; the component re-renders only when the slice changes (the state is
 * immutable, so a selector that returns a part of it or a primitive compares by identity).
 */
export function useChat<T>(select: (state: ChatStoreState) => T): T {
  const { store } = useServices();
  const subscribe = useCallback((listener: () => void) => store.subscribe(listener), [store]);
  return useSyncExternalStore(subscribe, () => select(store.getSnapshot()));
}
