import { useChatActions, useChatStore } from "@parley/react";
import { useEffect, useRef } from "react";
import { navigate, type Route } from "./use-route.ts";

/**
 * Keeps the address bar and the open session in step, so a reload or a shared tab reopens the same
 * session: navigating (links, back button) opens the session the URL names, and a session the store opens
 * by itself (the first message of a new chat creates one) is written into the URL without a new history entry.
 */
export function useSessionRoute(route: Route): void {
  const actions = useChatActions();
  const activeSessionId = useChatStore((state) => state.activeSessionId);
  const routeSessionId = route.page === "chat" ? route.sessionId : undefined;
  const onChatPage = route.page === "chat";

  useEffect(() => {
    if (!onChatPage) return;
    const active = actions.getSnapshot().activeSessionId;
    if (routeSessionId !== undefined && routeSessionId !== active) void actions.openSession(routeSessionId);
    else if (routeSessionId === undefined && active !== undefined) actions.newSession();
  }, [onChatPage, routeSessionId, actions]);

  const previousActive = useRef(activeSessionId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the store's session changes, reading the URL as it is then
  useEffect(() => {
    if (previousActive.current === activeSessionId) return;
    previousActive.current = activeSessionId;
    if (onChatPage && activeSessionId !== routeSessionId) {
      navigate(
        activeSessionId === undefined ? { page: "chat" } : { page: "chat", sessionId: activeSessionId },
        { replace: true },
      );
    }
  }, [activeSessionId]);
}
