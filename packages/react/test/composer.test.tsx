import { type ChatStoreState, ParleyClient } from "@parley/sdk";
import { sampleStructureFields, structureFile } from "@parley/testkit";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Composer, type ComposerProps } from "../src/composer/composer.tsx";
import { QueueList } from "../src/composer/queue-list.tsx";
import { ChatStoreProvider } from "../src/index.ts";
import { emptySession, FakeChatStore } from "./support/fake-chat-store.ts";

function renderComposer(state: Partial<ChatStoreState> = {}, props: ComposerProps = {}) {
  const store = new FakeChatStore({ activeSessionId: "s1", session: emptySession("s1"), ...state });
  render(
    <ChatStoreProvider store={store}>
      <QueueList />
      <Composer {...props} />
    </ChatStoreProvider>,
  );
  return { store, input: screen.getByTestId("composer") as HTMLTextAreaElement };
}

/** An app that offers `/review` once a `/` is typed, holding the Composer's text itself. */
function WithSuggestions() {
  const [text, setText] = useState("");
  return (
    <Composer
      text={text}
      onTextChange={setText}
      suggestions={
        text.startsWith("/") && (
          <button type="button" onClick={() => setText("/review ")}>
            /review
          </button>
        )
      }
    />
  );
}

describe("Composer", () => {
  it("sends the message on Enter and empties the box", async () => {
    const { store, input } = renderComposer();
    await userEvent.type(input, "hello there{Enter}");
    expect(store.callsOf("sendMessage")).toEqual([["hello there"]]);
    expect(input.value).toBe("");
  });

  it("adds a new line on Shift+Enter instead of sending", async () => {
    const { store, input } = renderComposer();
    await userEvent.type(input, "first{Shift>}{Enter}{/Shift}second");
    expect(input.value).toBe("first\nsecond");
    expect(store.callsOf("sendMessage")).toEqual([]);
  });

  it("does not send while an input method is composing", () => {
    const { store, input } = renderComposer();
    fireEvent.change(input, { target: { value: "にほん" } });
    fireEvent.keyDown(input, { key: "Enter", isComposing: true });
    fireEvent.keyDown(input, { key: "Enter", keyCode: 229 });
    expect(store.callsOf("sendMessage")).toEqual([]);
    expect(input.value).toBe("にほん");
    fireEvent.keyDown(input, { key: "Enter" });
    expect(store.callsOf("sendMessage")).toEqual([["にほん"]]);
  });

  it("never sends an empty or blank message", async () => {
    const { store, input } = renderComposer();
    await userEvent.type(input, "   {Enter}");
    expect(store.callsOf("sendMessage")).toEqual([]);
    expect(screen.getByTestId("send")).toHaveProperty("disabled", true);
  });

  it("sends with the Send button too", async () => {
    const { store, input } = renderComposer();
    await userEvent.type(input, "via button");
    await userEvent.click(screen.getByTestId("send"));
    expect(store.callsOf("sendMessage")).toEqual([["via button"]]);
  });

  it("gives the text back when sending fails and says why, until the next send", async () => {
    const { store, input } = renderComposer();
    store.failNextSend = "Parley's server cannot be reached.";
    await userEvent.type(input, "keep me{Enter}");
    expect(store.callsOf("sendMessage")).toEqual([["keep me"]]);
    expect(input.value).toBe("keep me");
    expect(screen.getByRole("alert").textContent).toBe("Parley's server cannot be reached.");
    await userEvent.type(input, "{Enter}");
    expect(store.callsOf("sendMessage")).toEqual([["keep me"], ["keep me"]]);
    expect(screen.queryByTestId("composer-error")).toBeNull();
  });

  it("leaves a failed send's error to the app when told to, still giving the text back", async () => {
    const { store, input } = renderComposer({}, { showSendErrors: false });
    store.failNextSend = "Parley's server cannot be reached.";
    await userEvent.type(input, "keep me{Enter}");
    expect(input.value).toBe("keep me");
    expect(screen.queryByTestId("composer-error")).toBeNull();
  });

  it("lets the app take a command instead of sending it, and sends what it does not take", async () => {
    const taken: string[] = [];
    const onCommand = (text: string) =>
      text.startsWith("/") ? Promise.resolve(text === "/known" && taken.push(text) > 0) : undefined;
    const { store, input } = renderComposer({}, { onCommand });
    await userEvent.type(input, "/known{Enter}");
    await userEvent.type(input, "/unknown{Enter}");
    await userEvent.type(input, "plain{Enter}");
    await waitFor(() => expect(store.callsOf("sendMessage")).toEqual([["/unknown"], ["plain"]]));
    expect(taken).toEqual(["/known"]);
    expect(input.value).toBe("");
  });

  it("shows why a command failed and gives its text back", async () => {
    const onCommand = () => Promise.reject(new Error("No workflow named deploy accepts stage=prod"));
    const { store, input } = renderComposer({}, { onCommand });
    await userEvent.type(input, "/deploy stage=prod{Enter}");
    expect((await screen.findByTestId("composer-error")).textContent).toBe(
      "No workflow named deploy accepts stage=prod",
    );
    expect(input.value).toBe("/deploy stage=prod");
    expect(store.callsOf("sendMessage")).toEqual([]);
  });

  it("shows the app's suggestions for the text it holds, and takes the one chosen", async () => {
    const store = new FakeChatStore({ activeSessionId: "s1", session: emptySession("s1") });
    render(
      <ChatStoreProvider store={store}>
        <WithSuggestions />
      </ChatStoreProvider>,
    );
    const input = screen.getByTestId("composer") as HTMLTextAreaElement;
    expect(screen.queryByRole("button", { name: "/review" })).toBeNull();
    await userEvent.type(input, "/re");
    await userEvent.click(screen.getByRole("button", { name: "/review" }));
    expect(input.value).toBe("/review ");
    await userEvent.type(input, "main{Enter}");
    expect(store.callsOf("sendMessage")).toEqual([["/review main"]]);
    expect(input.value).toBe("");
  });

  it("shows Stop only while the agent works, and Stop cancels the run", async () => {
    const { store } = renderComposer();
    expect(screen.queryByTestId("stop")).toBeNull();
    act(() => store.updateSession((session) => ({ ...session, busy: true, activeRunId: "run-1" })));
    expect(screen.getByTestId("send").textContent).toBe("Queue");
    await userEvent.click(screen.getByTestId("stop"));
    expect(store.callsOf("stopRun")).toHaveLength(1);
    expect(screen.queryByTestId("stop")).toBeNull();
  });

  it("stops the running agent on Escape", () => {
    const { store } = renderComposer({ session: { ...emptySession("s1"), busy: true } });
    fireEvent.keyDown(window, { key: "Escape" });
    expect(store.callsOf("stopRun")).toHaveLength(1);
  });

  it("ignores Escape when the agent is idle or a dialog is open", () => {
    const { store } = renderComposer();
    fireEvent.keyDown(window, { key: "Escape" });
    expect(store.callsOf("stopRun")).toHaveLength(0);
    act(() => store.updateSession((session) => ({ ...session, busy: true })));
    const dialog = document.createElement("div");
    dialog.setAttribute("role", "alertdialog");
    document.body.append(dialog);
    fireEvent.keyDown(window, { key: "Escape" });
    dialog.remove();
    expect(store.callsOf("stopRun")).toHaveLength(0);
  });

  it("lists queued messages and removes one on request", async () => {
    const { store } = renderComposer({
      session: {
        ...emptySession("s1"),
        busy: true,
        queue: [
          { id: "q1", text: "also check the tests", textLength: 20, truncated: false, queuedAtMs: 1 },
          { id: "q2", text: "and the docs", textLength: 12, truncated: false, queuedAtMs: 2 },
        ],
      },
    });
    const items = screen.getAllByTestId("queue-item");
    expect(items.map((item) => item.getAttribute("data-queue-id"))).toEqual(["q1", "q2"]);
    expect(items[0]?.textContent).toContain("also check the tests");
    await userEvent.click(
      screen.getByRole("button", { name: "Remove queued message: also check the tests" }),
    );
    expect(store.callsOf("removeQueued")).toEqual([["q1"]]);
    expect(screen.getAllByTestId("queue-item").map((item) => item.getAttribute("data-queue-id"))).toEqual([
      "q2",
    ]);
  });

  it("shows the start of a long queued message and fetches the whole text on request", async () => {
    const preview = "Refactor the parser ".repeat(10);
    const whole = `${preview}${"and then the lexer ".repeat(300)}`;
    const { store } = renderComposer({
      session: {
        ...emptySession("s1"),
        busy: true,
        queue: [{ id: "q1", text: preview, textLength: whole.length, truncated: true, queuedAtMs: 1 }],
      },
    });
    store.queuedTexts.set("q1", whole);
    expect(screen.getByTestId("queue-item-text").textContent).toBe(`${preview}…`);
    await userEvent.click(
      screen.getByRole("button", { name: `Show all (${whole.length.toLocaleString()} characters)` }),
    );
    expect(store.callsOf("queuedText")).toEqual([["q1"]]);
    await waitFor(() => expect(screen.getByTestId("queue-item-text").textContent === whole).toBe(true));
    expect(screen.queryByTestId("queue-item-show-all")).toBeNull();
  });
});

describe("/structure in the composer", () => {
  const fileList = {
    kind: "ProjectStructure",
    data: {
      ...sampleStructureFields,
      structure_type: "file_list",
      content: [structureFile("src/main.ts", 2048, "TypeScript")],
    },
  };

  function renderWithProject(answer: { status: number; body: unknown }) {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { "content-type": "application/json" },
        }),
    );
    const store = new FakeChatStore({ activeSessionId: "s1", session: emptySession("s1") });
    render(
      <ChatStoreProvider store={store}>
        <Composer structureLoader={new ParleyClient({ fetch })} />
      </ChatStoreProvider>,
    );
    return { store, fetch, input: screen.getByTestId("composer") as HTMLTextAreaElement };
  }

  it("attaches the structure to the message being written, shows it before sending, and sends it with the words", async () => {
    const { store, fetch, input } = renderWithProject({ status: 200, body: fileList });
    await userEvent.type(input, "/structure files src{Enter}");
    await screen.findByTestId("pending-attachment");
    expect(String((fetch.mock.calls[0] as unknown[] | undefined)?.[0])).toBe(
      "/api/workspace/structure?type=file_list&max_entries=2000&path=src",
    );
    expect(screen.getByTestId("pending-attachment").textContent).toContain("File list of the project");
    expect(input.value).toBe("");
    expect(store.callsOf("sendMessage")).toEqual([]);

    await userEvent.type(input, "What is in here?{Enter}");
    expect(store.callsOf("sendMessage")).toEqual([["What is in here?", { attachments: [fileList] }]]);
    expect(screen.queryByTestId("pending-attachment")).toBeNull();
  });

  it("sends a structure on its own, and takes one back with Remove", async () => {
    const { store, input } = renderWithProject({ status: 200, body: fileList });
    await userEvent.type(input, "/structure{Enter}");
    await screen.findByTestId("pending-attachment");
    await userEvent.click(screen.getByTestId("remove-attachment"));
    expect(screen.queryByTestId("pending-attachment")).toBeNull();
    expect(screen.getByTestId("send")).toHaveProperty("disabled", true);

    await userEvent.type(input, "/structure{Enter}");
    await screen.findByTestId("pending-attachment");
    await userEvent.click(screen.getByTestId("send"));
    expect(store.callsOf("sendMessage")).toEqual([["", { attachments: [fileList] }]]);
  });

  it("says why a structure could not be read and keeps the line", async () => {
    const { store, input } = renderWithProject({
      status: 404,
      body: { error: { code: "not_found", message: 'query.path: "nowhere" does not exist in the project' } },
    });
    await userEvent.type(input, "/structure nowhere{Enter}");
    expect((await screen.findByTestId("structure-error")).textContent).toContain(
      '"nowhere" does not exist in the project',
    );
    expect(input.value).toBe("/structure nowhere");
    expect(store.callsOf("sendMessage")).toEqual([]);
  });
});
