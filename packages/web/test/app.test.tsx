import { ChatStoreProvider } from "@parley/react";
import type { ChatStoreState } from "@parley/sdk";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, onTestFinished } from "vitest";
import {
  agentMessage,
  emptySession,
  FakeChatStore,
  sessionSummary,
  userMessage,
} from "../../react/test/support/fake-chat-store.ts";
import { stubLayout } from "../../react/test/support/layout-stub.ts";
import { App } from "../src/app/app.tsx";
import { THEME_STORAGE_KEY, ThemeProvider } from "../src/theme/theme-context.tsx";
import { FakeSettingsApi } from "./fake-settings-api.ts";

function renderApp(state: Partial<ChatStoreState> = {}) {
  const store = new FakeChatStore({
    sessions: [sessionSummary("s1", "First session", 2), sessionSummary("s2", "Second session", 1)],
    ...state,
  });
  store.sessionStates.set("s1", { ...emptySession("s1"), messages: [userMessage("u1", "Hello")] });
  store.sessionStates.set("s2", {
    ...emptySession("s2"),
    messages: [userMessage("u2", "Hi"), agentMessage("a2", "Hi back")],
  });
  render(
    <ThemeProvider>
      <ChatStoreProvider store={store}>
        <App settingsApi={new FakeSettingsApi()} />
      </ChatStoreProvider>
    </ThemeProvider>,
  );
  return store;
}

describe("App", () => {
  it("starts the store when it opens", () => {
    const store = renderApp();
    expect(store.callsOf("start")).toHaveLength(1);
  });

  it("shows the connection state, including reconnecting and signed out", () => {
    const store = renderApp();
    const indicator = () => screen.getByTestId("connection-indicator");
    expect(indicator().dataset.status).toBe("connected");
    act(() => store.setState({ connection: "reconnecting" }));
    expect(indicator().dataset.status).toBe("reconnecting");
    expect(indicator().textContent).toContain("Reconnecting");
    act(() => store.setState({ connection: "offline", signedOut: true }));
    expect(screen.getByTestId("signed-out-command").textContent).toBe("parley open");
    expect(indicator().dataset.status).toBe("signed-out");
    expect(screen.queryByTestId("composer")).toBeNull();
  });

  it("notes in the connection's tooltip when this tab cannot share the connection with the other tabs", () => {
    const store = renderApp({ connectionShared: true });
    const indicator = () => screen.getByTestId("connection-indicator");
    expect(indicator().title).toBe("Connection: Connected");
    act(() => store.setState({ connectionShared: false }));
    expect(indicator().title).toBe(
      "Connection: Connected. Each tab uses its own connection; with more than 6 tabs of this server open, some may not connect.",
    );
    expect(indicator().textContent).toBe("Connected");
  });

  it("labels the demo model, and shows the real model's name otherwise", () => {
    const store = renderApp({ model: { ref: "demo", isDemo: true } });
    expect(screen.getByTestId("demo-label").textContent).toBe("Demo model");
    act(() => store.setState({ model: { ref: "anthropic:claude-x", isDemo: false } }));
    expect(screen.queryByTestId("demo-label")).toBeNull();
    expect(screen.getByTestId("model-label").textContent).toBe("anthropic:claude-x");
  });

  it("opens a session from the list and puts it in the address bar", async () => {
    const layout = stubLayout({ viewportHeight: 600, rowHeight: 100 });
    onTestFinished(() => layout.restore());
    const store = renderApp();
    await userEvent.click(
      within(screen.getAllByTestId("session-item")[1] as HTMLElement).getByTestId("session-open"),
    );
    expect(window.location.pathname).toBe("/sessions/s2");
    expect(store.callsOf("openSession")).toEqual([["s2"]]);
    expect(screen.getByTestId("session-heading").textContent).toBe("Second session");
    expect((await screen.findAllByTestId("message")).map((message) => message.dataset.role)).toEqual([
      "user",
      "agent",
    ]);
  });

  it("follows the back button to the previously open session", async () => {
    window.history.replaceState(null, "", "/sessions/s1");
    const store = renderApp();
    await userEvent.click(
      within(screen.getAllByTestId("session-item")[1] as HTMLElement).getByTestId("session-open"),
    );
    expect(store.getSnapshot().activeSessionId).toBe("s2");
    act(() => window.history.back());
    await waitFor(() => expect(window.location.pathname).toBe("/sessions/s1"));
    await waitFor(() => expect(store.getSnapshot().activeSessionId).toBe("s1"));
    expect(screen.getByTestId("session-heading").textContent).toBe("First session");
  });

  it("opens the session the address names when the page loads", () => {
    window.history.replaceState(null, "", "/sessions/s1");
    const store = renderApp();
    expect(store.callsOf("openSession")).toEqual([["s1"]]);
    expect(screen.getByTestId("session-heading").textContent).toBe("First session");
  });

  it("writes a session started by the first message into the address bar", async () => {
    const store = renderApp();
    await userEvent.type(screen.getByTestId("composer"), "Brand new{Enter}");
    const sessionId = store.getSnapshot().activeSessionId;
    expect(sessionId).toBeDefined();
    expect(window.location.pathname).toBe(`/sessions/${sessionId}`);
  });

  it("starts a new chat from the sidebar", async () => {
    window.history.replaceState(null, "", "/sessions/s1");
    const store = renderApp();
    await userEvent.click(screen.getByTestId("session-new"));
    expect(store.callsOf("newSession").length).toBeGreaterThan(0);
    expect(window.location.pathname).toBe("/");
    expect(screen.getByTestId("session-heading").textContent).toBe("New chat");
  });

  it("goes to settings and back to the same session", async () => {
    window.history.replaceState(null, "", "/sessions/s1");
    renderApp();
    await userEvent.click(screen.getByTestId("settings-link"));
    expect(window.location.pathname).toBe("/settings");
    expect(await screen.findByTestId("settings-page")).not.toBeNull();
    await userEvent.click(screen.getByTestId("settings-close"));
    expect(window.location.pathname).toBe("/sessions/s1");
    expect(screen.getByTestId("composer")).not.toBeNull();
  });

  it("toggles the theme and remembers it", async () => {
    renderApp();
    const toggle = screen.getByTestId("theme-toggle");
    expect(document.documentElement.dataset.theme).toBe("light");
    await userEvent.click(toggle);
    expect(document.documentElement.dataset.theme).toBe("dark");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark");
    expect(toggle.getAttribute("aria-label")).toBe("Switch to light theme");
  });

  it("opens and closes the session drawer on small screens", async () => {
    renderApp();
    const toggle = screen.getByTestId("sidebar-toggle");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    await userEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    await userEvent.click(
      within(screen.getAllByTestId("session-item")[0] as HTMLElement).getByTestId("session-open"),
    );
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
  });

  it("shows the context meter, a model fallback and errors, each dismissible where it makes sense", async () => {
    window.history.replaceState(null, "", "/sessions/s1");
    const store = renderApp({ error: "Sending failed" });
    act(() =>
      store.updateSession((session) => ({
        ...session,
        contextUsage: {
          messageCount: 12,
          estimatedTokens: 150_000,
          compressed: true,
          contextWindow: 200_000,
        },
        modelFallback: { preferred: "anthropic:a", actual: "openai:b", reason: "rate limited", atMs: 5 },
      })),
    );
    expect(screen.getByTestId("context-meter").textContent).toContain("150k / 200k tokens");
    expect(screen.getByTestId("model-fallback").textContent).toContain(
      "Switched from anthropic:a to openai:b: rate limited",
    );
    await userEvent.click(screen.getByTestId("model-fallback-dismiss"));
    expect(screen.queryByTestId("model-fallback")).toBeNull();

    expect(screen.getByTestId("error-banner").textContent).toContain("Sending failed");
    await userEvent.click(screen.getByTestId("error-dismiss"));
    expect(store.callsOf("dismissError")).toHaveLength(1);
    expect(screen.queryByTestId("error-banner")).toBeNull();
  });

  it("announces the agent's phase changes politely, not every token", () => {
    window.history.replaceState(null, "", "/sessions/s1");
    const store = renderApp();
    const live = screen.getByTestId("status-live");
    expect(live.getAttribute("aria-live")).toBe("polite");
    act(() =>
      store.updateSession((session) => ({
        ...session,
        messages: [...session.messages, { ...agentMessage("run", ""), isGenerating: true, isThinking: true }],
      })),
    );
    expect(live.textContent).toBe("The agent is thinking.");
    act(() =>
      store.updateMessage("run", (message) => ({ ...message, isGenerating: false, isThinking: false })),
    );
    expect(live.textContent).toBe("The agent finished.");
  });
});
