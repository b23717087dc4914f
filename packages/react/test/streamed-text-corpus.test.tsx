import type { ChatMessage } from "@parley/sdk";
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resultCard } from "./support/card-data.ts";
import { emptySession, type FakeChatStore, userMessage } from "./support/fake-chat-store.ts";
import { stubLayout } from "./support/layout-stub.ts";
import { reactRenderedStreaming, streamingPanel } from "./support/streaming-panel.tsx";

const markdown = () =>
  document.querySelector('[data-message-id="live"] [data-segment-id="t"] [data-testid=markdown]');
const setText = (store: FakeChatStore, text: string, extra: Partial<ChatMessage> = {}) =>
  store.updateMessage("live", (m) => ({
    ...m,
    ...extra,
    segments: [{ id: "t", text, streaming: true }],
    text,
  }));

const CORPUS = [
  "Say **bold** and *em* and ~~del~~ then `code` and [a link](http://x.y) end",
  "A &amp; B &lt;tag&gt; &copy; and \\*not em\\* and \\",
  "line one  \nline two\\\nline three",
  "Title\n===\n\nSub\n---\n\npara",
  "| a | b |\n|---|---|\n| 1 | 2 |",
  "- [ ] task\n- [x] done\n  continued *lazy*\n\n1. one\n2. two",
  "> quote **b**\nlazy line\n> more",
  "text <b>html</b> and <!-- c --> and http://auto.link/x and www.x.com",
  "* a\n\n* loose\n* c",
  "1. a\n2. b\n   - nested *n*\n   - more &amp; x",
  "## Head *em* &amp; x ##\n\nfoo_bar_baz and _em_ here",
  "CRLF line\r\nnext line  \r\nthird\r\n\r\n- item\r\n- two",
  "emoji 😀 split 👍🏽 and a\u00a0nbsp",
  "- item\n\n  para in item\n\n  ```\n  code\n  ```\n- after",
  "Para\n    indented continuation\nand <span>x</span> &#65;&#x42; end",
];

/**
 * Streamed a character at a time, with and without StrictMode, the answer's markdown always reads as React
 * alone renders that text, whether a token was written into the page or rendered; and a row that renders
 * for something else (a card, a resync to another text, a session switch) never keeps written tokens.
 */
describe("a streamed answer, token by token, against React's own render", () => {
  let layout: ReturnType<typeof stubLayout>;
  beforeEach(() => {
    layout = stubLayout({ viewportHeight: 2000, rowHeight: 100 });
  });
  afterEach(() => layout.restore());

  for (const [n, sample] of CORPUS.entries()) {
    for (const strict of [false, true]) {
      it(`sample ${n}${strict ? " in StrictMode" : ""}, a character at a time`, async () => {
        const store = streamingPanel(strict);
        await waitFor(() => expect(screen.getAllByTestId("message")).toHaveLength(2));
        let text = "";
        for (const ch of sample) {
          act(() => store.appendToken("live", "t", ch));
          text += ch;
          expect(markdown()?.outerHTML, JSON.stringify(text)).toBe(reactRenderedStreaming(text));
        }
      });
    }
  }

  it("resync back to the last rendered text (with a card) shows that text, not the written tokens", async () => {
    const store = streamingPanel();
    await waitFor(() => expect(screen.getAllByTestId("message")).toHaveLength(2));
    act(() => store.appendToken("live", "t", "Hello"));
    for (const token of [" wor", "ld"]) act(() => store.appendToken("live", "t", token));
    expect(markdown()?.textContent).toBe("Hello world");
    act(() => setText(store, "Hello", { cards: [resultCard("x", { tool_name: "Read" })] }));
    expect(markdown()?.textContent).toBe("Hello");
  });

  it("follows a resync to a shorter or different text, then to a longer one", async () => {
    const store = streamingPanel();
    await waitFor(() => expect(screen.getAllByTestId("message")).toHaveLength(2));
    act(() => store.appendToken("live", "t", "Hello"));
    act(() => store.appendToken("live", "t", " world"));
    act(() => setText(store, "Help"));
    expect(markdown()?.outerHTML).toBe(reactRenderedStreaming("Help"));
    act(() => setText(store, "Hello world again"));
    expect(markdown()?.outerHTML).toBe(reactRenderedStreaming("Hello world again"));
  });
});

describe("a streamed answer across a session switch", () => {
  let layout: ReturnType<typeof stubLayout>;
  beforeEach(() => {
    layout = stubLayout({ viewportHeight: 2000, rowHeight: 100 });
  });
  afterEach(() => layout.restore());
  it("switching away and back mid-stream shows the whole text once", async () => {
    const store = streamingPanel(true);
    await waitFor(() => expect(screen.getAllByTestId("message")).toHaveLength(2));
    for (const token of ["Hel", "lo ", "wor"]) act(() => store.appendToken("live", "t", token));
    const a = store.getSnapshot().session;
    act(() =>
      store.setState({
        activeSessionId: "s2",
        session: { ...emptySession("s2"), messages: [userMessage("u9", "Other")] },
      }),
    );
    act(() => store.setState({ activeSessionId: "s1", session: a }));
    for (const token of ["ld", " and", " more"]) act(() => store.appendToken("live", "t", token));
    expect(markdown()?.outerHTML).toBe(reactRenderedStreaming("Hello world and more"));
    act(() => setText(store, "Hello world and more", { cards: [resultCard("x", { tool_name: "Read" })] }));
    act(() => store.appendToken("live", "t", "!"));
    expect(markdown()?.outerHTML).toBe(reactRenderedStreaming("Hello world and more!"));
  });
});
