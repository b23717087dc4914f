import type { ChatMessage } from "@parley/sdk";
import { render } from "@testing-library/react";
import { StrictMode } from "react";
import { MessageList } from "../../src/chat/message-list.tsx";
import { ChatStoreProvider } from "../../src/index.ts";
import { MarkdownContent } from "../../src/markdown/markdown-content.tsx";
import { agentMessage, emptySession, FakeChatStore, userMessage } from "./fake-chat-store.ts";

/** A real `MessageList` over a fake store whose last message, "live", is an answer that has just started. */
export function streamingPanel(strict = false): FakeChatStore {
  const messages: ChatMessage[] = [
    userMessage("u1", "Explain"),
    { ...agentMessage("live", ""), isGenerating: true, segments: [] },
  ];
  const store = new FakeChatStore({ activeSessionId: "s1", session: { ...emptySession("s1"), messages } });
  const tree = (
    <ChatStoreProvider store={store}>
      <MessageList />
    </ChatStoreProvider>
  );
  render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return store;
}

/** What React alone renders for a streaming segment's `text` (no row around it, so nothing is written past React). */
export function reactRenderedStreaming(text: string): string {
  const { container, unmount } = render(<MarkdownContent text={text} streaming />);
  const html = container.innerHTML;
  unmount();
  return html;
}
