import { ChatStoreProvider } from "@parley/react";
import { ChatStore, type ChatStoreApi, sharedEventStreams } from "@parley/sdk";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { createSettingsApi, type SettingsApi } from "./settings/settings-api.ts";
import { ThemeProvider } from "./theme/theme-context.tsx";
// Parley's colours, buttons and chat first, so the page's own styles (styles.css) build on them.
import "@parley/react/base.css";
import "@parley/react/chat.css";
import "@parley/react/composer.css";
import "./styles.css";
import "@parley/react/cards.css";
import "@parley/react/mcp-cards.css";
import "@parley/react/markdown.css";
import "@parley/react/project-structure.css";
import "@parley/react/workflow-card.css";

/**
 * The store and settings API the page runs on: the sdk's ChatStore against this page's own origin (the
 * server address never comes from the URL), with one event stream shared by all of this browser's tabs
 * (a stream per tab would hang the seventh: browsers allow 6 connections per host), or, under
 * `vite --mode fake`, a scripted in-memory store for working on the UI without a server. The fake branch
 * is dropped from production builds.
 */
async function createBackend(): Promise<{ store: ChatStoreApi; settingsApi: SettingsApi }> {
  if (import.meta.env.MODE === "fake") {
    const { createDevBackend } = await import("../test/dev-backend.ts");
    return createDevBackend();
  }
  const store = new ChatStore({ createEventStream: sharedEventStreams() });
  return { store, settingsApi: createSettingsApi(store.client) };
}

const root = document.getElementById("root");
if (root === null) throw new Error("index.html has no #root element");
void createBackend().then(({ store, settingsApi }) => {
  createRoot(root).render(
    <StrictMode>
      <ThemeProvider>
        <ChatStoreProvider store={store}>
          <App settingsApi={settingsApi} />
        </ChatStoreProvider>
      </ThemeProvider>
    </StrictMode>,
  );
});
