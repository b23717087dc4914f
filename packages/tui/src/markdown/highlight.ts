import type { ElementContent, RootContent } from "hast";
import bash from "highlight.js/lib/languages/bash";
import c from "highlight.js/lib/languages/c";
import cpp from "highlight.js/lib/languages/cpp";
import css from "highlight.js/lib/languages/css";
import diff from "highlight.js/lib/languages/diff";
import go from "highlight.js/lib/languages/go";
import java from "highlight.js/lib/languages/java";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import markdown from "highlight.js/lib/languages/markdown";
import python from "highlight.js/lib/languages/python";
import rust from "highlight.js/lib/languages/rust";
import shell from "highlight.js/lib/languages/shell";
import sql from "highlight.js/lib/languages/sql";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";
import { createLowlight } from "lowlight";
import type { CodeRole, Colour, Theme } from "../theme/theme.ts";

// The same languages as the web UI's highlighter; anything else is shown unhighlighted.
const lowlight = createLowlight({
  bash,
  c,
  cpp,
  css,
  diff,
  go,
  java,
  javascript,
  json,
  markdown,
  python,
  rust,
  shell,
  sql,
  typescript,
  xml,
  yaml,
});

/** Code longer than this is shown plain: highlighting it on every streamed token would stall the terminal. */
const MAX_HIGHLIGHT_LENGTH = 20_000;

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
  const name = language?.trim().split(/\s/)[0]?.toLowerCase();
  const plain = () => code.split("\n").map((line) => [{ text: line }]);
  if (!theme.colour || name === undefined || name === "" || code.length > MAX_HIGHLIGHT_LENGTH)
    return plain();
  if (!lowlight.registered(name)) return plain();
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
  for (const node of lowlight.highlight(name, code).children) visit(node, undefined);
  return lines;
}
