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
import type { ReactNode } from "react";

// A fixed set of common languages keeps the bundle small; anything else is shown unhighlighted.
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

/** Code longer than this is shown plain: highlighting it on every streamed token would stall the page. */
export const MAX_HIGHLIGHT_LENGTH = 20_000;

/**
 * Highlights `code` as `language` into React elements (never HTML strings), or returns undefined when the
 * language is unknown or the code too long, so the caller shows plain text.
 */
export function highlightCode(code: string, language: string | undefined): ReactNode[] | undefined {
  const name = language?.trim().toLowerCase();
  if (name === undefined || name === "" || code.length > MAX_HIGHLIGHT_LENGTH) return undefined;
  if (!lowlight.registered(name)) return undefined;
  return lowlight.highlight(name, code).children.map(toReact);
}

function toReact(node: RootContent | ElementContent, index: number): ReactNode {
  if (node.type === "text") return node.value;
  if (node.type !== "element") return null;
  const className = node.properties.className;
  return (
    <span key={index} className={Array.isArray(className) ? className.join(" ") : undefined}>
      {node.children.map(toReact)}
    </span>
  );
}
