import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type ChatMessage, indexCards, isCardShown, readToolRequest } from "@parley/sdk";
import { reply } from "@parley/testkit";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../server/test/support/test-server.ts";
import { ApprovalCard, ParleyChatProvider, useChatMessages } from "../src/index.ts";

/** A product's chat that shows the agent's approval cards, as examples/react-embed does. */
function ChatWithApprovals() {
  const { messages, sendMessage } = useChatMessages();
  return (
    <div>
      {messages.map((message) => (
        <AgentCards key={message.id} message={message} />
      ))}
      <p data-testid="answer">{messages.at(-1)?.role === "agent" ? messages.at(-1)?.text : ""}</p>
      <button type="button" onClick={() => void sendMessage("Write the note")}>
        Send
      </button>
    </div>
  );
}

function AgentCards({ message }: { message: ChatMessage }) {
  const cards = message.cards ?? [];
  const index = indexCards(cards);
  return cards
    .filter((card) => isCardShown(card, index))
    .map((card) => {
      const request = readToolRequest(card.rich.data);
      return request === undefined ? null : (
        <ApprovalCard key={card.id} card={card} request={request} result={index.results.get(card.id)} />
      );
    });
}

/** Renders the chat against `server`, sends the message, and waits for the approval card's Approve button. */
async function sendAndAwaitApproval(server: TestServer): Promise<HTMLElement> {
  render(
    <ParleyChatProvider options={{ baseUrl: server.url, token: server.server.token, onWarning: () => {} }}>
      <ChatWithApprovals />
    </ParleyChatProvider>,
  );
  await waitFor(() => expect(screen.getByRole("button", { name: "Send" })).toBeTruthy());
  act(() => screen.getByRole("button", { name: "Send" }).click());
  return screen.findByTestId("approval-approve", {}, { timeout: 10_000 });
}

describe("the approval card embedded in another React app", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    cleanup();
    await server?.dispose();
  });

  it("asks before the agent writes, and the file is written once Approve is clicked", async () => {
    server = await startTestServer();
    server.fake.script(
      reply().toolCall("Write", { file_path: "note.txt", content: "from the embed\n" }),
      reply().text("Written."),
    );
    const approve = await sendAndAwaitApproval(server);
    const note = join(server.directories.project, "note.txt");
    // The card waits for the person: nothing is written yet.
    expect(existsSync(note)).toBe(false);
    expect(screen.getByTestId("approval-actions").closest("section")?.textContent).toContain("note.txt");

    act(() => approve.click());
    await waitFor(() => expect(screen.getByTestId("answer").textContent).toMatch(/^Written\./), {
      timeout: 10_000,
    });
    expect(readFileSync(note, "utf8")).toBe("from the embed\n");
    expect(screen.getByTestId("approval-card").getAttribute("data-status")).toBe("approved");
  });

  it("shows a shell command with its control and reordering characters as escapes, so what is approved is what runs", async () => {
    server = await startTestServer();
    // A right-to-left override would show the rest of the line reversed; a carriage return hides what precedes it.
    const command = "touch pwned\r\u001b[2K echo tidy #\u202e txt.exe";
    server.fake.script(reply().toolCall("Bash", { command }), reply().text("Stopped."));
    await sendAndAwaitApproval(server);
    const shown = screen.getByTestId("approval-card").querySelector("pre.tool-parameter-code")?.textContent;
    expect(shown).toBe("touch pwned\\r\\e[2K echo tidy #\\u202e txt.exe");
  });
});
