import { ChatStore, type ChatStoreApi, type ChatStoreOptions } from "@parley/sdk";
import { type ReactNode, useEffect, useState } from "react";
import { ChatStoreProvider } from "./chat-store-context.tsx";

/**
 * Parley's chat for everything below it: a chat store against a Parley server (`baseUrl` and `token`, or
 * the page's own origin and sign-in cookie), its event stream open while mounted, and `sessionId` opened
 * when given. `useChatMessages`, `useSession` and the cards read it.
 */
export function ParleyChatProvider({
  options,
  store: given,
  sessionId,
  children,
}: {
  /** How to reach the server; read once, when the provider mounts. */
  options?: ChatStoreOptions;
  /** A store made elsewhere (the web UI's, a test's) instead of one made from `options`. */
  store?: ChatStoreApi;
  /** A session to open once the store has started. */
  sessionId?: string;
  children: ReactNode;
}) {
  const [store] = useState<ChatStoreApi>(() => given ?? new ChatStore(options));
  const [started, setStarted] = useState(false);
  useEffect(() => {
    let live = true;
    void store.start().then(() => {
      if (live) setStarted(true);
    });
    return () => {
      live = false;
      setStarted(false);
      store.stop();
    };
  }, [store]);
  // A new `sessionId` opens that session on the running store, without reconnecting its event stream.
  useEffect(() => {
    if (started && sessionId !== undefined) void store.openSession(sessionId);
  }, [store, started, sessionId]);
  return <ChatStoreProvider store={store}>{children}</ChatStoreProvider>;
}
