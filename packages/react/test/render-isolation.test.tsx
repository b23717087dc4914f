import type { ChatMessage } from "@parley/sdk";
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MessageList } from "../src/chat/message-list.tsx";
import { ChatStoreProvider } from "../src/index.ts";
import { agentMessage, emptySession, FakeChatStore, userMessage } from "./support/fake-chat-store.ts";
import { stubLayout } from "./support/layout-stub.ts";

// Counts how often each message's component renders, by wrapping the real components.
const renders = vi.hoisted(() => new Map<string, number>());
function count(message: ChatMessage) {
  renders.set(message.id, (renders.get(message.id) ?? 0) + 1);
}
vi.mock("../src/chat/agent-message.tsx", async (importOriginal) => {
  const original = await importOriginal<typeof import("../src/chat/agent-message.tsx")>();
  return {
    AgentMessage: (props: { message: ChatMessage }) => {
      count(props.message);
      return <original.AgentMessage {...props} />;
    },
  };
});
vi.mock("../src/chat/user-message.tsx", async (importOriginal) => {
  const original = await importOriginal<typeof import("../src/chat/user-message.tsx")>();
  return {
    UserMessage: (props: { message: ChatMessage }) => {
      count(props.message);
      return <original.UserMessage {...props} />;
    },
  };
});

describe("streaming render isolation", () => {
  let layout: ReturnType<typeof stubLayout>;
  beforeEach(() => {
    renders.clear();
    layout = stubLayout({ viewportHeight: 2000, rowHeight: 100 });
  });
  afterEach(() => layout.restore());

  it("renders only the streaming message, and it only when a token changes its blocks", async () => {
    const messages: ChatMessage[] = [];
    for (let index = 0; index < 5; index += 1) {
      messages.push(
        userMessage(`u${index}`, `Question ${index}`),
        agentMessage(`a${index}`, `Answer ${index}`),
      );
    }
    messages.push({ ...agentMessage("live", ""), isGenerating: true, segments: [] });
    const store = new FakeChatStore({ activeSessionId: "s1", session: { ...emptySession("s1"), messages } });
    render(
      <ChatStoreProvider store={store}>
        <MessageList />
      </ChatStoreProvider>,
    );
    await waitFor(() => expect(screen.getAllByTestId("message")).toHaveLength(11));
    const before = new Map(renders);

    for (const token of ["Hel", "lo ", "there"]) act(() => store.appendToken("live", "live-text", token));

    const live = document.querySelector('[data-message-id="live"] [data-testid=segment]');
    expect(live?.textContent).toBe("Hello there");
    // The segment's first token renders it; the two that only grow its paragraph are written, not rendered.
    for (const [id, times] of before) {
      if (id === "live") expect(renders.get(id)).toBe(times + 1);
      else expect(renders.get(id), `renders of ${id}`).toBe(times);
    }

    // The list rendering again (here for older pages to load) renders no row whose message it did not change,
    // the streaming one included: its text is already shown.
    act(() => store.updateSession((session) => ({ ...session, hasOlder: true })));
    expect(live?.textContent).toBe("Hello there");
    for (const [id, times] of before)
      expect(renders.get(id), `renders of ${id}`).toBe(times + (id === "live" ? 1 : 0));

    act(() => store.appendToken("live", "live-text", "\n\n- a list"));
    expect(live?.textContent).toBe("Hello therea list");
    expect(renders.get("live")).toBe((before.get("live") ?? 0) + 2);
  });
});
