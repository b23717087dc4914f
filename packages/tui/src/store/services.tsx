import type { ChatStoreApi, ChatStoreState, MissionClient, ParleyClient, WorkflowClient } from "@parley/sdk";
import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from "react";
import { FramedStore } from "./framed-store.ts";

/** What the terminal UI talks to: the chat store (events, sessions, interactions), the workflow and mission routes. */
export interface TuiServices {
  store: ChatStoreApi & { readonly client: ParleyClient };
  workflows: WorkflowClient;
  /** The project's mission (shown above the message box, set by `/mission`). */
  missions: Pick<MissionClient, "active" | "set" | "clear" | "override" | "setOverride">;
  /** The project the server serves (for the header). */
  projectRoot: string;
  /** A one-time link that signs a browser in to the same server, when the UI can make one. */
  browserLink?: () => string | undefined;
}

const ServicesContext = createContext<{ services: TuiServices; framed: FramedStore } | undefined>(undefined);

/**
 * Provides the store and clients to every component below. `frameMs` limits how often the store's changes
 * reach the screen (`FRAME_MS` in a terminal); 0, the default, shows each change as it happens.
 */
export function ServicesProvider({
  services,
  frameMs = 0,
  children,
}: {
  services: TuiServices;
  frameMs?: number;
  children: ReactNode;
}) {
  const value = useMemo(
    () => ({ services, framed: new FramedStore(services.store, frameMs) }),
    [services, frameMs],
  );
  return <ServicesContext.Provider value={value}>{children}</ServicesContext.Provider>;
}

function useServicesContext() {
  const value = useContext(ServicesContext);
  if (value === undefined) throw new Error("useServices outside ServicesProvider");
  return value;
}

/** The store and clients. */
export function useServices(): TuiServices {
  return useServicesContext().services;
}

/**
 * A slice of the store's state as last published to the screen; the component re-renders only when the
 * slice changes (the state is immutable, so a selector that returns a part of it or a primitive compares
 * by identity).
 */
export function useChat<T>(select: (state: ChatStoreState) => T): T {
  const { framed } = useServicesContext();
  return useSyncExternalStore(framed.subscribe, () => select(framed.getSnapshot()));
}
