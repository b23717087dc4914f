import { ChatStoreProvider } from "@parley/react";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { FakeChatStore, sessionSummary } from "../../react/test/support/fake-chat-store.ts";
import { SessionList } from "../src/sessions/session-list.tsx";

function renderList() {
  const store = new FakeChatStore({
    sessions: [
      sessionSummary("old", "Older session", 1_000),
      sessionSummary("new", "Newest session", 3_000),
      sessionSummary("mid", "Middle session", 2_000),
    ],
    activeSessionId: "mid",
  });
  const onOpen = vi.fn();
  const onNew = vi.fn();
  render(
    <ChatStoreProvider store={store}>
      <SessionList onOpen={onOpen} onNew={onNew} />
    </ChatStoreProvider>,
  );
  const item = (id: string) => {
    const element = screen
      .getAllByTestId("session-item")
      .find((candidate) => candidate.dataset.sessionId === id);
    if (element === undefined) throw new Error(`no session item ${id}`);
    return element;
  };
  return { store, onOpen, onNew, item };
}

describe("SessionList", () => {
  it("names the agent CLI that answers a session, and not Parley's own agent", () => {
    const store = new FakeChatStore({
      sessions: [
        { ...sessionSummary("cx", "Via Codex", 2_000), backend: "codex" },
        { ...sessionSummary("pl", "Built in", 1_000), backend: "parley" },
      ],
    });
    render(
      <ChatStoreProvider store={store}>
        <SessionList onOpen={vi.fn()} onNew={vi.fn()} />
      </ChatStoreProvider>,
    );
    expect(screen.getAllByTestId("session-backend").map((element) => element.textContent)).toEqual(["Codex"]);
  });

  it("lists sessions by latest activity and marks the open one", () => {
    const { item } = renderList();
    expect(screen.getAllByTestId("session-item").map((element) => element.dataset.sessionId)).toEqual([
      "new",
      "mid",
      "old",
    ]);
    expect(item("mid").dataset.active).toBe("true");
    expect(within(item("mid")).getByTestId("session-open").getAttribute("aria-current")).toBe("page");
  });

  it("opens a session on click and starts a new chat with the New chat button", async () => {
    const { onOpen, onNew, item } = renderList();
    await userEvent.click(within(item("old")).getByTestId("session-open"));
    expect(onOpen).toHaveBeenCalledWith("old");
    await userEvent.click(screen.getByTestId("session-new"));
    expect(onNew).toHaveBeenCalledTimes(1);
  });

  it("renames a session inline on Enter", async () => {
    const { store, item } = renderList();
    await userEvent.click(within(item("old")).getByRole("button", { name: "Rename session Older session" }));
    const input = screen.getByTestId("session-rename-input");
    expect(document.activeElement).toBe(input);
    await userEvent.clear(input);
    await userEvent.type(input, "Port question{Enter}");
    expect(store.callsOf("renameSession")).toEqual([["old", "Port question"]]);
    expect(within(item("old")).getByTestId("session-title").textContent).toBe("Port question");
  });

  it("keeps the title when renaming is cancelled with Escape or left blank", async () => {
    const { store, item } = renderList();
    await userEvent.click(within(item("old")).getByTestId("session-rename"));
    await userEvent.type(screen.getByTestId("session-rename-input"), " changed{Escape}");
    await userEvent.click(within(item("old")).getByTestId("session-rename"));
    await userEvent.clear(screen.getByTestId("session-rename-input"));
    await userEvent.keyboard("{Enter}");
    expect(store.callsOf("renameSession")).toEqual([]);
    expect(within(item("old")).getByTestId("session-title").textContent).toBe("Older session");
  });

  it("deletes a session only after the confirmation", async () => {
    const { store, item } = renderList();
    await userEvent.click(within(item("new")).getByRole("button", { name: "Delete session Newest session" }));
    expect(store.callsOf("deleteSession")).toEqual([]);
    const dialog = screen.getByRole("alertdialog");
    expect(dialog.textContent).toContain("Newest session");
    expect(document.activeElement).toBe(screen.getByTestId("session-delete-cancel"));

    await userEvent.click(screen.getByTestId("session-delete-cancel"));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(store.callsOf("deleteSession")).toEqual([]);

    await userEvent.click(within(item("new")).getByTestId("session-delete"));
    await userEvent.click(screen.getByTestId("session-delete-confirm"));
    expect(store.callsOf("deleteSession")).toEqual([["new"]]);
    expect(screen.getAllByTestId("session-item").map((element) => element.dataset.sessionId)).toEqual([
      "mid",
      "old",
    ]);
  });

  it("closes the delete confirmation with Escape", async () => {
    const { store, item } = renderList();
    await userEvent.click(within(item("new")).getByTestId("session-delete"));
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(store.callsOf("deleteSession")).toEqual([]);
  });
});
