import { reply } from "@parley/testkit";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EmbeddedChat } from "../../../examples/react-embed/src/embedded-chat.tsx";
import { startTestServer, type TestServer } from "../../server/test/support/test-server.ts";
import { ParleyChatProvider } from "../src/index.ts";
import { stubLayout } from "./support/layout-stub.ts";

/** What the embedded MessageList shows: each message's role and its text (the agent's as rendered). */
const conversation = () =>
  within(screen.getByTestId("message-list"))
    .queryAllByTestId("message")
    .map((message) => [
      message.getAttribute("data-role"),
      message.querySelector(".message-body, .user-text")?.textContent,
    ]);

/**
 * examples/react-embed's own app (its session list, MessageList, QueueList and Composer) rendered against a
 * real Parley server (real HTTP, SSE and SQLite, its model the testkit's scripted fake). jsdom does no layout,
 * so the list gets a fixed viewport.
 */
describe("the React embed example against a real server", () => {
  let server: TestServer | undefined;
  let layout: ReturnType<typeof stubLayout>;
  beforeEach(() => {
    layout = stubLayout({ viewportHeight: 600, rowHeight: 100 });
  });
  afterEach(async () => {
    cleanup();
    layout.restore();
    await server?.dispose();
  });

  it("sends through the embedded Composer, streams the answer into the MessageList, and queues a message while the agent works", async () => {
    server = await startTestServer();
    server.fake.script(
      reply().text("Hello ").text("from").gate("middle").text(" Parley."),
      reply().text("Handled the queued one."),
    );
    render(
      <ParleyChatProvider options={{ baseUrl: server.url, token: server.server.token, onWarning: () => {} }}>
        <EmbeddedChat />
      </ParleyChatProvider>,
    );
    await screen.findByText("connected · ready", undefined, { timeout: 10_000 });
    expect(screen.getByTestId("chat-empty").textContent).toBe("Ask the agent about this project.");

    const box = screen.getByRole("textbox", { name: "Message" });
    await userEvent.type(box, "Say hello{Enter}");
    expect((box as HTMLTextAreaElement).value).toBe("");
    await server.fake.waitForGate("middle");
    // Midway: the tokens so far stream in the list under the person's message, and the box offers Stop.
    await waitFor(() =>
      expect(conversation()).toEqual([
        ["user", "Say hello"],
        ["agent", "Hello from"],
      ]),
    );
    expect(screen.getByRole("button", { name: "Stop" })).toBeTruthy();

    // While the agent works, sending queues the message: it shows in the queue, not yet in the list.
    await userEvent.type(box, "And then?");
    expect(screen.getByTestId("send").textContent).toBe("Queue");
    await userEvent.click(screen.getByTestId("send"));
    await waitFor(() =>
      expect(screen.getAllByTestId("queue-item-text").map((item) => item.textContent)).toEqual(["And then?"]),
    );

    await act(() => server?.fake.release("middle"));
    await waitFor(
      () =>
        expect(conversation()).toEqual([
          ["user", "Say hello"],
          ["agent", "Hello from Parley."],
          ["user", "And then?"],
          ["agent", "Handled the queued one."],
        ]),
      { timeout: 10_000 },
    );
    await screen.findByText("connected · ready");
    expect(screen.queryByTestId("queue")).toBeNull();
    expect(screen.queryByRole("button", { name: "Stop" })).toBeNull();
    // The first message started a session, which the app's own session list shows by its title.
    expect(screen.getByRole("button", { name: "Say hello" }).getAttribute("aria-current")).toBe("page");
  });
});
