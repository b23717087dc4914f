import type { ChatMessage } from "@parley/sdk";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MessageList } from "../src/chat/message-list.tsx";
import { ChatStoreProvider } from "../src/index.ts";
import { agentMessage, emptySession, FakeChatStore, userMessage } from "./support/fake-chat-store.ts";
import { stubLayout } from "./support/layout-stub.ts";

const ROW_HEIGHT = 100;
const VIEWPORT_HEIGHT = 600;

function conversation(count: number, prefix = "m"): ChatMessage[] {
  return Array.from({ length: count }, (_, index) =>
    index % 2 === 0
      ? userMessage(`${prefix}${index}`, `Question ${index}`)
      : agentMessage(`${prefix}${index}`, `Answer ${index}`),
  );
}

function renderPanel(messages: ChatMessage[], hasOlder = false) {
  const store = new FakeChatStore({
    activeSessionId: "s1",
    session: { ...emptySession("s1"), messages, hasOlder },
  });
  render(
    <ChatStoreProvider store={store}>
      <MessageList />
    </ChatStoreProvider>,
  );
  return store;
}

/** Scrolled all the way down: what the browser reports at the end of a scroll area. */
const atBottom = (scroller: HTMLElement) =>
  scroller.scrollTop === scroller.scrollHeight - scroller.clientHeight;

const renderedIds = () =>
  screen.queryAllByTestId("message").map((element) => element.getAttribute("data-message-id"));

describe("MessageList", () => {
  let layout: ReturnType<typeof stubLayout>;
  beforeEach(() => {
    layout = stubLayout({ viewportHeight: VIEWPORT_HEIGHT, rowHeight: ROW_HEIGHT });
  });
  afterEach(() => layout.restore());

  it("opens a 5,000-message session at the latest message, mounting only a screenful", async () => {
    renderPanel(conversation(5000));
    await waitFor(() => expect(renderedIds()).toContain("m4999"));
    const ids = renderedIds();
    expect(ids.length).toBeGreaterThanOrEqual(VIEWPORT_HEIGHT / ROW_HEIGHT);
    expect(ids.length).toBeLessThan(30);
    expect(ids).not.toContain("m0");
    expect(layout.scroller().scrollTop).toBeGreaterThan(0);
    expect(atBottom(layout.scroller())).toBe(true);
  });

  it("renders the part of a long session that is scrolled into view", async () => {
    renderPanel(conversation(5000));
    await waitFor(() => expect(renderedIds()).toContain("m4999"));
    act(() => layout.scrollTo(layout.scroller().scrollHeight / 2));
    await waitFor(() => expect(renderedIds()).not.toContain("m4999"));
    const indexes = renderedIds().map((id) => Number(id?.slice(1)));
    expect(indexes.length).toBeLessThan(30);
    expect(Math.min(...indexes)).toBeGreaterThan(1000);
    expect(Math.max(...indexes)).toBeLessThan(4000);
  });

  it("offers Jump to latest once the reader scrolls up, and jumps back on click", async () => {
    renderPanel(conversation(200));
    // Rows are measured after the first paint, so the list settles at the end over a few frames.
    await waitFor(() => {
      expect(renderedIds()).toContain("m199");
      expect(screen.queryByTestId("jump-to-latest")).toBeNull();
    });

    act(() => layout.scrollTo(5000));
    const jump = await screen.findByTestId("jump-to-latest");
    act(() => fireEvent.click(jump));
    await waitFor(() => expect(screen.queryByTestId("jump-to-latest")).toBeNull());
    expect(atBottom(layout.scroller())).toBe(true);
    expect(renderedIds()).toContain("m199");
  });

  it("loads older messages when the reader scrolls near the top", async () => {
    const store = renderPanel(conversation(100, "new"), true);
    store.olderPages.push(conversation(50, "old"));
    await waitFor(() => expect(renderedIds()).toContain("new99"));
    expect(store.callsOf("loadOlder")).toHaveLength(0);

    act(() => layout.scrollTo(300));
    await waitFor(() => expect(store.callsOf("loadOlder")).toHaveLength(1));
    expect(store.getSnapshot().session?.messages[0]?.id).toBe("old0");
  });

  it("does not follow new output while the reader is scrolled up, and brings them back when they send", async () => {
    const store = renderPanel(conversation(200));
    await waitFor(() => expect(renderedIds()).toContain("m199"));
    act(() => layout.scrollTo(3000));
    await screen.findByTestId("jump-to-latest");

    act(() =>
      store.updateSession((session) => ({
        ...session,
        messages: [...session.messages, agentMessage("late", "Hi")],
      })),
    );
    expect(layout.scroller().scrollTop).toBe(3000);

    await act(() => store.sendMessage("back to the end"));
    await waitFor(() => expect(renderedIds().at(-1)).toBe(store.getSnapshot().session?.messages.at(-1)?.id));
    expect(atBottom(layout.scroller())).toBe(true);
  });

  it("shows every token of a streaming answer, and what changes in other messages meanwhile", async () => {
    const live = { ...agentMessage("live", ""), isGenerating: true, segments: [] };
    const store = renderPanel([...conversation(4), live]);
    await waitFor(() => expect(renderedIds()).toContain("live"));
    const words = Array.from({ length: 60 }, (_, index) => `w${index} `);
    for (const [index, word] of words.entries()) {
      act(() => store.appendToken("live", "live-text", word));
      if (index === 30) {
        act(() => store.updateMessage("m0", (message) => ({ ...message, text: "Question 0, edited" })));
      }
    }
    const liveText = () =>
      document.querySelector('[data-message-id="live"] [data-testid=segment]')?.textContent?.trim();
    expect(liveText()).toBe(words.join("").trim());
    expect(screen.getAllByTestId("message-text")[0]?.textContent).toBe("Question 0, edited");

    act(() =>
      store.updateSession((session) => ({
        ...session,
        messages: [...session.messages, userMessage("next", "And then?")],
      })),
    );
    act(() => store.appendToken("live", "live-text", "late"));
    await waitFor(() => expect(renderedIds()).toContain("next"));
    expect(liveText()).toBe(`${words.join("")}late`);
  });

  it("invites the first message in a new chat", () => {
    const store = new FakeChatStore();
    render(
      <ChatStoreProvider store={store}>
        <MessageList />
      </ChatStoreProvider>,
    );
    expect(screen.getByTestId("chat-empty").textContent).toContain("start a conversation");
  });
});
