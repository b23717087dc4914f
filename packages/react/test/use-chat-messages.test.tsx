import { reply } from "@parley/testkit";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../server/test/support/test-server.ts";
import { ParleyChatProvider, useChatMessages, useSession } from "../src/index.ts";

/**
 * The hooks as a product embeds them: a provider pointed at a real Parley server (real HTTP, SSE and SQLite,
 * its model the testkit's scripted fake), rendered in jsdom, the answer streaming in through the event stream.
 */
function EmbeddedChat() {
  const { messages, status, sendMessage, stop } = useChatMessages();
  const { session, sessions, connection } = useSession();
  return (
    <div>
      <p data-testid="connection">{connection}</p>
      <p data-testid="status">{status}</p>
      <p data-testid="title">{session?.title ?? "New chat"}</p>
      <p data-testid="session-count">{sessions.length}</p>
      <ul>
        {messages.map((message) => (
          <li key={message.id} data-testid={`${message.role}-message`}>
            {message.text}
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => void sendMessage("Say hello")}>
        Send
      </button>
      <button type="button" onClick={() => void stop()}>
        Stop
      </button>
    </div>
  );
}

const text = (testId: string) => screen.getByTestId(testId).textContent;
const agentTexts = () => screen.queryAllByTestId("agent-message").map((item) => item.textContent);

describe("useChatMessages and useSession against a real server", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    cleanup();
    await server?.dispose();
  });

  it("shows the person's message at once, the answer as it streams, then the finished answer in a new session", async () => {
    server = await startTestServer();
    const options = { baseUrl: server.url, token: server.server.token, onWarning: () => {} };
    server.fake.script(reply().text("Hello ").text("from").gate("middle").text(" Parley."));
    render(
      <ParleyChatProvider options={options}>
        <EmbeddedChat />
      </ParleyChatProvider>,
    );
    await waitFor(() => expect(text("connection")).toBe("connected"));
    expect(text("session-count")).toBe("0");

    act(() => screen.getByRole("button", { name: "Send" }).click());
    // The person's bubble shows before the server has answered.
    await waitFor(() => expect(screen.getByTestId("user-message").textContent).toBe("Say hello"));
    await server.fake.waitForGate("middle");
    // Midway: the tokens so far are on screen while the agent still works.
    await waitFor(() => expect(agentTexts()).toEqual(["Hello from"]));
    expect(text("status")).toBe("busy");

    await server.fake.release("middle");
    await waitFor(() => expect(text("status")).toBe("ready"));
    expect(agentTexts()).toEqual(["Hello from Parley."]);
    expect(screen.getAllByTestId("user-message").map((item) => item.textContent)).toEqual(["Say hello"]);
    // The message started a session, which useSession reports with its title.
    await waitFor(() => expect(text("session-count")).toBe("1"));
    expect(text("title")).toBe("Say hello");
  });

  it("opens an earlier session by id with its history, and another when the id changes", async () => {
    server = await startTestServer();
    server.fake.script(reply().text("Stored answer."), reply().text("Other answer."));
    // Seed 003's message route answers once the agent has: each session holds a finished exchange.
    const first = await server.json<{ id: string }>("POST", "/api/sessions", {});
    await server.json("POST", `/api/sessions/${first.id}/messages`, { text: "Remember this" });
    const second = await server.json<{ id: string }>("POST", "/api/sessions", {});
    await server.json("POST", `/api/sessions/${second.id}/messages`, { text: "And this" });
    const options = { baseUrl: server.url, token: server.server.token, onWarning: () => {} };
    const chatOf = (sessionId: string) => (
      <ParleyChatProvider options={options} sessionId={sessionId}>
        <EmbeddedChat />
      </ParleyChatProvider>
    );
    const { rerender } = render(chatOf(first.id));
    await waitFor(() => expect(agentTexts()).toEqual(["Stored answer."]));
    expect(screen.getByTestId("user-message").textContent).toBe("Remember this");
    expect(text("title")).toBe("Remember this");
    expect(text("status")).toBe("ready");

    rerender(chatOf(second.id));
    await waitFor(() => expect(agentTexts()).toEqual(["Other answer."]));
    expect(screen.getByTestId("user-message").textContent).toBe("And this");
    expect(text("title")).toBe("And this");
    expect(text("connection")).toBe("connected");
  });
});
