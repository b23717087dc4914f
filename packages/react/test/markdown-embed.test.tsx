import { reply } from "@parley/testkit";
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../server/test/support/test-server.ts";
import { MarkdownContent, ParleyChatProvider, useChatMessages } from "../src/index.ts";

/** A product's chat that draws the agent's answers with Parley's markdown renderer, as examples/react-embed does. */
function ChatWithMarkdown() {
  const { messages, status, sendMessage } = useChatMessages();
  return (
    <div>
      {messages.map((message) =>
        message.role === "agent" ? (
          <MarkdownContent
            key={message.id}
            text={message.text}
            streaming={status === "busy" && message === messages.at(-1)}
          />
        ) : null,
      )}
      <button type="button" onClick={() => void sendMessage("Explain the change")}>
        Send
      </button>
    </div>
  );
}

describe("the markdown renderer embedded in another React app", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
  });

  it("shows the agent's answer from a real server as formatted text, a link and a highlighted code block, with its HTML inert", async () => {
    server = await startTestServer();
    server.fake.script(
      reply().text(
        "**Done**: see [the docs](https://example.com/docs) <img src=x onerror=alert(1)>\n\n```ts\nconst answer: number = 42;\n```\n",
      ),
    );
    render(
      <ParleyChatProvider options={{ baseUrl: server.url, token: server.server.token, onWarning: () => {} }}>
        <ChatWithMarkdown />
      </ParleyChatProvider>,
    );
    await waitFor(() => expect(screen.getByRole("button", { name: "Send" })).toBeTruthy());
    act(() => screen.getByRole("button", { name: "Send" }).click());
    const bold = await screen.findByText("Done", { selector: "strong" }, { timeout: 10_000 });
    const markdown = bold.closest("[data-testid=markdown]") as HTMLElement;
    const link = screen.getByRole("link", { name: "the docs" });
    expect(link.getAttribute("href")).toBe("https://example.com/docs");
    expect(link.getAttribute("rel")).toContain("noopener");
    // The model's raw HTML is shown as text, never made an element.
    expect(markdown.querySelector("img")).toBeNull();
    expect(markdown.textContent).toContain("<img src=x onerror=alert(1)>");
    // The code block highlights once the highlighter has loaded: the keyword is a span of its own.
    await waitFor(() => expect(markdown.querySelector("pre .hljs-keyword")?.textContent).toBe("const"));
    expect(markdown.querySelector("pre")?.textContent).toContain("const answer: number = 42;");
    await waitFor(() => expect(markdown.querySelector(".streaming-cursor")).toBeNull(), { timeout: 10_000 });
  });
});
