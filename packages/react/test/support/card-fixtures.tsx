import type { ChatMessage, SessionChatState } from "@parley/sdk";
import { render } from "@testing-library/react";
import { AgentMessage } from "../../src/chat/agent-message.tsx";
import { CardWarningProvider, ChatStoreProvider, useChatStore } from "../../src/index.ts";
import { emptySession, FakeChatStore, userMessage } from "./fake-chat-store.ts";

export { approvalCard, planCard, questionCard, resultCard, turnWith } from "./card-data.ts";

/** The session's messages, rendered as the chat renders agent turns (kept current from the store). */
function Turns() {
  const messages = useChatStore((state) => state.session?.messages);
  return (messages ?? []).map((message) =>
    message.role === "agent" ? <AgentMessage key={message.id} message={message} /> : null,
  );
}

/** Renders agent turns from a fake store whose session holds them; returns the store and the warnings. */
export function renderTurns(messages: ChatMessage[], session: Partial<SessionChatState> = {}) {
  const store = new FakeChatStore({
    activeSessionId: "s",
    session: { ...emptySession("s"), messages: [userMessage("u1", "Go"), ...messages], ...session },
  });
  const warnings: string[] = [];
  const view = render(
    <CardWarningProvider warn={(message) => warnings.push(message)}>
      <ChatStoreProvider store={store}>
        <Turns />
      </ChatStoreProvider>
    </CardWarningProvider>,
  );
  return { store, warnings, ...view };
}
