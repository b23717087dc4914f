import type { PermissionRuleRecord } from "@parley/protocol";
import { ChatStoreProvider } from "@parley/react";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  agentMessage,
  emptySession,
  FakeChatStore,
  sessionSummary,
  userMessage,
} from "../../react/test/support/fake-chat-store.ts";
import { App } from "../src/app/app.tsx";
import { SettingsPage } from "../src/settings/settings-page.tsx";
import { ThemeProvider } from "../src/theme/theme-context.tsx";
import { FakeSettingsApi } from "./fake-settings-api.ts";

function renderChat(
  session = { ...emptySession("s1"), messages: [userMessage("u1", "Hi"), agentMessage("a1", "Hello")] },
) {
  const store = new FakeChatStore({ sessions: [sessionSummary("s1", "First session")] });
  store.sessionStates.set("s1", session);
  window.history.replaceState(null, "", "/sessions/s1");
  render(
    <ThemeProvider>
      <ChatStoreProvider store={store}>
        <App settingsApi={new FakeSettingsApi()} />
      </ChatStoreProvider>
    </ThemeProvider>,
  );
  return store;
}

const select = () => screen.getByTestId("permission-mode-select") as HTMLSelectElement;

describe("the chat header", () => {
  it("shows the session's permission mode and changes it, marking plan mode clearly", async () => {
    const store = renderChat();
    expect(select().value).toBe("default");
    expect(screen.queryByTestId("plan-mode-badge")).toBeNull();
    await userEvent.selectOptions(select(), "plan");
    expect(store.callsOf("setPermissionMode")).toEqual([["plan"]]);
    expect(select().value).toBe("plan");
    expect(screen.getByTestId("plan-mode-badge").textContent).toBe("Plan mode");
    expect(document.querySelector(".app")?.getAttribute("data-plan-mode")).toBe("true");
  });

  it("shows a mode set elsewhere (another tab, a plan being executed)", () => {
    const store = renderChat();
    act(() =>
      store.updateSession((session) => ({
        ...session,
        permissionModes: { main: { mode: "acceptEdits", source: "session" } },
      })),
    );
    expect(select().value).toBe("acceptEdits");
  });

  it("compacts on request next to the context meter, but not while the agent works", async () => {
    const store = renderChat({
      ...emptySession("s1"),
      messages: [userMessage("u1", "Hi"), agentMessage("a1", "Hello")],
      contextUsage: { messageCount: 2, estimatedTokens: 150_000, compressed: false, contextWindow: 200_000 },
    });
    expect(screen.getByTestId("context-meter")).not.toBeNull();
    await userEvent.click(screen.getByTestId("compact-button"));
    expect(store.callsOf("compact")).toEqual([[undefined]]);
    act(() => store.updateSession((session) => ({ ...session, busy: true })));
    expect((screen.getByTestId("compact-button") as HTMLButtonElement).disabled).toBe(true);
  });

  it("offers no Compact in a chat without messages", () => {
    renderChat({ ...emptySession("s1") });
    expect(screen.queryByTestId("compact-button")).toBeNull();
  });
});

const rule = (id: string, extra: Partial<PermissionRuleRecord> = {}): PermissionRuleRecord => ({
  id,
  tool: "Write",
  pattern: "notes/**",
  behavior: "allow",
  source: "approval",
  created_at_ms: 1_763_719_200_000,
  ...extra,
});

describe("the permission rules in settings", () => {
  function renderRules(api: FakeSettingsApi, revision = 0) {
    const view = render(
      <ThemeProvider>
        <SettingsPage api={api} onClose={() => {}} rulesRevision={revision} />
      </ThemeProvider>,
    );
    return (next: number) =>
      view.rerender(
        <ThemeProvider>
          <SettingsPage api={api} onClose={() => {}} rulesRevision={next} />
        </ThemeProvider>,
      );
  }

  it("lists the project's rules and deletes one", async () => {
    const api = new FakeSettingsApi();
    api.rules = [
      rule("rule_1"),
      rule("rule_2", { tool: "Bash", pattern: "npm test", behavior: "deny", source: "api" }),
    ];
    renderRules(api);
    const rows = await screen.findAllByTestId("settings-rule");
    expect(
      rows.map((row) => [row.dataset.ruleId, row.dataset.behavior, row.querySelector("code")?.textContent]),
    ).toEqual([
      ["rule_1", "allow", "Write(notes/**)"],
      ["rule_2", "deny", "Bash(npm test)"],
    ]);
    expect(rows[0]?.textContent).toContain("from an approval");
    await userEvent.click(screen.getAllByTestId("settings-rule-delete")[0] as HTMLElement);
    expect(api.deletedRules).toEqual(["rule_1"]);
    await waitFor(() => expect(screen.getAllByTestId("settings-rule")).toHaveLength(1));
  });

  it("says when there are no rules, and reloads when a rule is saved elsewhere", async () => {
    const api = new FakeSettingsApi();
    const rerender = renderRules(api);
    expect(await screen.findByTestId("settings-rules-empty")).not.toBeNull();
    api.rules = [rule("rule_1")];
    rerender(1);
    expect((await screen.findByTestId("settings-rule")).dataset.ruleId).toBe("rule_1");
  });

  it("says why the rules could not be deleted", async () => {
    const api = new FakeSettingsApi();
    api.rules = [rule("rule_1")];
    renderRules(api);
    await screen.findByTestId("settings-rule");
    api.rules = [];
    await userEvent.click(screen.getByTestId("settings-rule-delete"));
    expect((await screen.findByTestId("settings-rules-error")).textContent).toBe("no rule rule_1");
  });
});
