import type { Root } from "hast";
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

// A fixed set of common languages keeps the web bundle small; anything else is shown unhighlighted.
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

/** Code longer than this is shown plain: highlighting it on every streamed token would stall the UI. */
export const MAX_HIGHLIGHT_LENGTH = 20_000;

/**
 * The syntax tree (hast, with highlight.js class names) of `code` highlighted as the fence's `language`
 * (its first word, so "ts title=x" is TypeScript), or undefined when the language is unknown or the code too
 * long, so the caller shows plain text. Each face turns the tree into its own output.
 */
export function highlightTree(code: string, language: string | undefined): Root | undefined {
  const name = language?.trim().split(/\s/)[0]?.toLowerCase();
  if (name === undefined || name === "" || code.length > MAX_HIGHLIGHT_LENGTH) return undefined;
  if (!lowlight.registered(name)) return undefined;
  return lowlight.highlight(name, code);
}
