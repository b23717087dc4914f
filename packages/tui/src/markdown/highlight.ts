import { highlightTree } from "@parley/sdk/markdown";
import type { ElementContent, RootContent } from "hast";
import type { CodeRole, Colour, Theme } from "../theme/theme.ts";

const ROLE_OF_CLASS: Record<string, CodeRole> = {
  "hljs-keyword": "keyword",
  "hljs-built_in": "type",
  "hljs-type": "type",
  "hljs-literal": "number",
  "hljs-number": "number",
  "hljs-string": "string",
  "hljs-regexp": "string",
  "hljs-comment": "comment",
  "hljs-quote": "comment",
  "hljs-title": "title",
  "hljs-section": "title",
  "hljs-attr": "attr",
  "hljs-attribute": "attr",
  "hljs-variable": "attr",
  "hljs-meta": "meta",
  "hljs-addition": "string",
  "hljs-deletion": "attr",
};

/** A stretch of code in one colour (undefined: the terminal's own). */
export interface CodeRun {
  text: string;
  colour?: Colour | undefined;
}

/**
 * Highlights `code` as `language` (the same grammars as the web UI) into lines of coloured runs, or plain
 * lines when there is no colour, the language is unknown or the code too long.
 */
export function highlightLines(code: string, language: string | undefined, theme: Theme): CodeRun[][] {
  const plain = () => code.split("\n").map((line) => [{ text: line }]);
  const tree = theme.colour ? highlightTree(code, language) : undefined;
  if (tree === undefined) return plain();
  const lines: CodeRun[][] = [[]];
  const visit = (node: RootContent | ElementContent, colour: Colour | undefined) => {
    if (node.type === "text") {
      const parts = node.value.split("\n");
      parts.forEach((part, index) => {
        if (index > 0) lines.push([]);
        if (part !== "") lines.at(-1)?.push({ text: part, colour });
      });
      return;
    }
    if (node.type !== "element") return;
    const classes = node.properties.className;
    const role = Array.isArray(classes)
      ? classes.map((className) => ROLE_OF_CLASS[String(className)]).find((found) => found !== undefined)
      : undefined;
    const own = role === undefined ? colour : (theme.code[role] ?? colour);
    for (const child of node.children) visit(child, own);
  };
  for (const node of tree.children) visit(node, undefined);
  return lines;
}
