import { useMemo, useSyncExternalStore } from "react";

/** The page the address bar names: the chat (optionally one session), or the settings page. */
export type Route =
  | { page: "chat"; sessionId?: string }
  | { page: "settings" }
  | { page: "workflows" }
  | { page: "project" };

/** Reads a route from a path: `/`, `/sessions/<id>`, `/settings`; anything else is the chat. */
export function parseRoute(pathname: string): Route {
  if (pathname === "/settings" || pathname === "/settings/") return { page: "settings" };
  if (pathname === "/workflows" || pathname === "/workflows/") return { page: "workflows" };
  if (pathname === "/project" || pathname === "/project/") return { page: "project" };
  const session = /^\/sessions\/([^/]+)\/?$/.exec(pathname);
  if (session?.[1] !== undefined) {
    try {
      return { page: "chat", sessionId: decodeURIComponent(session[1]) };
    } catch {
      return { page: "chat" };
    }
  }
  return { page: "chat" };
}

/** The path for a route, the inverse of `parseRoute`. */
export function routePath(route: Route): string {
  if (route.page === "settings") return "/settings";
  if (route.page === "workflows") return "/workflows";
  if (route.page === "project") return "/project";
  return route.sessionId === undefined ? "/" : `/sessions/${encodeURIComponent(route.sessionId)}`;
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("popstate", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("popstate", listener);
  };
}

/**
 * Navigates without a reload; `replace` rewrites the current history entry instead of adding one; `hash`
 * names a part of the page to bring into view (`/settings#mcp-servers`).
 */
export function navigate(route: Route, options: { replace?: boolean; hash?: string } = {}): void {
  const path = `${routePath(route)}${options.hash === undefined ? "" : `#${options.hash}`}`;
  if (path === `${window.location.pathname}${window.location.hash}`) return;
  if (options.replace === true) window.history.replaceState(null, "", path);
  else window.history.pushState(null, "", path);
  for (const listener of listeners) listener();
}

/**
 * The current route, re-rendering on navigation and the back button. The route only picks a page and a
 * session: the server address and all settings never come from the URL.
 */
export function useRoute(): Route {
  const pathname = useSyncExternalStore(subscribe, () => window.location.pathname);
  return useMemo(() => parseRoute(pathname), [pathname]);
}
