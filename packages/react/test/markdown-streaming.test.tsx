import { parseMarkdownBlocks } from "@parley/sdk/markdown";
import { render } from "@testing-library/react";
import { Lexer, type Tokens } from "marked";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MarkdownContent } from "../src/markdown/markdown-content.tsx";

const paragraph = (index: number) => `Paragraph ${index} ${"with some words ".repeat(40)}`;
const COMPLETE = [paragraph(1), paragraph(2), "```ts\nconst x = 1;\n```", paragraph(3)].join("\n\n");

describe("incremental markdown", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("re-parses only the open last block when a token is appended", () => {
    const lex = vi.spyOn(Lexer.prototype, "lex");
    const start = `${COMPLETE}\n\nThe last paragraph`;
    const { rerender } = render(<MarkdownContent text={start} streaming />);
    expect(lex).toHaveBeenCalledTimes(1);
    expect(lex.mock.calls[0]?.[0]).toBe(start);

    rerender(<MarkdownContent text={`${start} grows`} streaming />);
    rerender(<MarkdownContent text={`${start} grows more`} streaming />);
    expect(lex).toHaveBeenCalledTimes(3);
    expect(lex.mock.calls[1]?.[0]).toBe("The last paragraph grows");
    expect(lex.mock.calls[2]?.[0]).toBe("The last paragraph grows more");
  });

  it("keeps the DOM of finished blocks while the last one streams", () => {
    const start = `${COMPLETE}\n\nTail`;
    const { container, rerender } = render(<MarkdownContent text={start} streaming />);
    const before = [...container.querySelectorAll(".markdown > *")];
    rerender(<MarkdownContent text={`${start} and more`} streaming />);
    const after = [...container.querySelectorAll(".markdown > *")];
    for (let index = 0; index < 4; index += 1) expect(after[index]).toBe(before[index]);
    expect(after.at(-1)?.textContent).toBe("Tail and more");
  });

  it("reuses the finished blocks' token objects, so their memoized renderers skip", () => {
    const first = parseMarkdownBlocks(`${COMPLETE}\n\nTail`);
    const second = parseMarkdownBlocks(`${COMPLETE}\n\nTail, longer`, first);
    expect(second.closed).toHaveLength(first.closed.length);
    for (const [index, block] of second.closed.entries()) expect(block).toBe(first.closed[index]);
    expect(second.open.map((block) => block.token.raw)).toEqual(["Tail, longer"]);
  });

  it("reuses the finished blocks of an answer written with Windows line ends too", () => {
    const windows = COMPLETE.replace(/\n/g, "\r\n");
    const first = parseMarkdownBlocks(`${windows}\r\n\r\nTail`);
    const second = parseMarkdownBlocks(`${windows}\r\n\r\nTail, longer`, first);
    expect(first.closed.length).toBeGreaterThan(0);
    for (const [index, block] of second.closed.entries()) expect(block).toBe(first.closed[index]);
    expect(second.open.map((block) => block.token.raw)).toEqual(["Tail, longer"]);
  });

  it("closes a block once another one starts after it", () => {
    const first = parseMarkdownBlocks("Intro\n\n```py\nprint(1)");
    expect(first.open.map((block) => block.token.type)).toEqual(["code"]);
    const second = parseMarkdownBlocks("Intro\n\n```py\nprint(1)\n```\n\nOutro", first);
    expect(second.closed.map((block) => block.token.type)).toEqual(["paragraph", "space", "code", "space"]);
    expect(second.closed[0]).toBe(first.closed[0]);
    expect(second.open.map((block) => block.token.raw)).toEqual(["Outro"]);
  });

  it("starts over when the text is not a continuation of the previous one", () => {
    const first = parseMarkdownBlocks("One\n\nTwo\n\nThree");
    const edited = parseMarkdownBlocks("Uno\n\nTwo\n\nThree", first);
    expect(edited.closed[0]?.token.raw).toBe("Uno");
    expect(edited.closed[0]).not.toBe(first.closed[0]);
  });

  it("parses to the same blocks incrementally as in one go", () => {
    const text = `${COMPLETE}\n\n- item one\n- item two\n\n> quoted\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nEnd.`;
    let blocks = parseMarkdownBlocks("");
    for (let length = 1; length <= text.length; length += 7)
      blocks = parseMarkdownBlocks(text.slice(0, length), blocks);
    blocks = parseMarkdownBlocks(text, blocks);
    const whole = parseMarkdownBlocks(text);
    const shape = (parsed: typeof whole) =>
      [...parsed.closed, ...parsed.open].map((block) => [block.key, block.token.raw]);
    expect(shape(blocks)).toEqual(shape(whole));
  });

  it("parses text with Windows line ends, streamed or whole, as the same blocks as with plain ones", () => {
    const text = `${COMPLETE}\n\nEnd.`;
    const windows = text.replace(/\n/g, "\r\n");
    let blocks = parseMarkdownBlocks("");
    for (let length = 1; length <= windows.length; length += 5)
      blocks = parseMarkdownBlocks(windows.slice(0, length), blocks);
    blocks = parseMarkdownBlocks(windows, blocks);
    const shape = (parsed: typeof blocks) =>
      [...parsed.closed, ...parsed.open].map((block) => [block.key, block.token.raw]);
    expect(shape(blocks)).toEqual(shape(parseMarkdownBlocks(text)));
    expect(shape(parseMarkdownBlocks(windows))).toEqual(shape(parseMarkdownBlocks(text)));
  });

  it("re-parses the finished blocks when earlier text changes under a streaming answer", () => {
    const first = parseMarkdownBlocks("One\n\nTwo\n\nThree");
    const edited = parseMarkdownBlocks("One\n\nTwice\n\nThree and more", first);
    expect([...edited.closed, ...edited.open].map((block) => block.token.raw.trim())).toEqual([
      "One",
      "",
      "Twice",
      "",
      "Three and more",
    ]);
  });

  it("keeps link references defined in finished blocks working in later ones", () => {
    const first = parseMarkdownBlocks("[docs]: https://example.com/docs\n\nIntro\n\nSee [the docs][docs]");
    const second = parseMarkdownBlocks(
      "[docs]: https://example.com/docs\n\nIntro\n\nSee [the docs][docs] now",
      first,
    );
    const last = second.open[0]?.token as Tokens.Paragraph | undefined;
    expect(last?.type).toBe("paragraph");
    const link = last?.tokens.find((token): token is Tokens.Link => token.type === "link");
    expect(link?.href).toBe("https://example.com/docs");
  });
});
