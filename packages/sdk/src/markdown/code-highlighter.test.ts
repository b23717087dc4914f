import type { Element, Root } from "hast";
import { describe, expect, it } from "vitest";
import { highlightTree, MAX_HIGHLIGHT_LENGTH } from "./code-highlighter.ts";

function classesOf(tree: Root | undefined): string[] {
  const found: string[] = [];
  const visit = (node: Root | Element) => {
    for (const child of node.children) {
      if (child.type !== "element") continue;
      found.push(...(child.properties.className as string[]));
      visit(child);
    }
  };
  if (tree) visit(tree);
  return found;
}

describe("highlightTree", () => {
  it("colours a fence by the first word of its info string, whatever its case", () => {
    expect(classesOf(highlightTree("const x = 1;", "TS title=example.ts"))).toContain("hljs-keyword");
  });

  it("leaves code plain when the language is unknown, missing, or the code too long to colour per token", () => {
    expect(highlightTree("x", "brainfuck")).toBeUndefined();
    expect(highlightTree("x", undefined)).toBeUndefined();
    expect(highlightTree("x", "  ")).toBeUndefined();
    expect(highlightTree("a".repeat(MAX_HIGHLIGHT_LENGTH + 1), "ts")).toBeUndefined();
  });
});
