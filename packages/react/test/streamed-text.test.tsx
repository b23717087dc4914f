import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SegmentView } from "../src/chat/segment-view.tsx";
import { resultCard } from "./support/card-data.ts";
import { stubLayout } from "./support/layout-stub.ts";
import { reactRenderedStreaming, streamingPanel } from "./support/streaming-panel.tsx";

const ANSWER = [
  "Intro with **bold** words, `code` and more text",
  "```ts\nconst x = 1;\nconst y = 2;\n```",
  "- first item\n- second *item* here\n- third",
  "> quoted and\n> continued",
  "## A heading &amp; more",
  "Done.",
].join("\n\n");

/** The answer in the pieces a model sends: a few characters each, splitting words and markup. */
const TOKENS = ANSWER.match(/[\s\S]{1,3}/g) ?? [];

/** What React alone renders for `text` (no row around it, so no token is written past React). */
function reactRendered(text: string, streaming: boolean): string {
  if (streaming) return reactRenderedStreaming(text);
  const { container, unmount } = render(
    <SegmentView segment={{ id: "live-text", text, streaming: false }} />,
  );
  const html = container.innerHTML;
  unmount();
  return html;
}

const segmentOf = (id: string) =>
  document.querySelector(`[data-message-id="live"] [data-segment-id="${id}"]`) as HTMLElement | null;

describe("a streamed answer written into the page", () => {
  let layout: ReturnType<typeof stubLayout>;
  beforeEach(() => {
    layout = stubLayout({ viewportHeight: 2000, rowHeight: 100 });
  });
  afterEach(() => layout.restore());

  it("shows every token in order across paragraphs, code, lists, quotes and headings, as React renders it", async () => {
    const store = streamingPanel();
    await waitFor(() => expect(screen.getAllByTestId("message")).toHaveLength(2));
    let text = "";
    for (const token of TOKENS) {
      act(() => store.appendToken("live", "live-text", token));
      text += token;
      const markdown = segmentOf("live-text")?.querySelector("[data-testid=markdown]");
      expect(markdown?.outerHTML, `after ${JSON.stringify(text)}`).toBe(reactRendered(text, true));
    }

    act(() =>
      store.updateMessage("live", (message) => ({
        ...message,
        isGenerating: false,
        segments: (message.segments ?? []).map((segment) => ({ ...segment, streaming: false })),
      })),
    );
    expect(segmentOf("live-text")?.outerHTML).toBe(reactRendered(ANSWER, false));
  });

  it("keeps the streamed text when a tool card renders the row mid-paragraph", async () => {
    const store = streamingPanel();
    await waitFor(() => expect(screen.getAllByTestId("message")).toHaveLength(2));
    for (const token of ["Reading ", "the ", "file "])
      act(() => store.appendToken("live", "live-text", token));
    act(() =>
      store.updateMessage("live", (message) => ({
        ...message,
        cards: [resultCard("hello", { tool_name: "Read" })],
      })),
    );
    for (const token of ["now ", "and ", "then"]) act(() => store.appendToken("live", "live-text", token));

    const markdown = segmentOf("live-text")?.querySelector("[data-testid=markdown]");
    expect(markdown?.textContent).toBe("Reading the file now and then");
    expect(markdown?.outerHTML).toBe(reactRendered("Reading the file now and then", true));
  });
});
