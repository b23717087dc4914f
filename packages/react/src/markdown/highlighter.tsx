import { highlightTree } from "@parley/sdk/markdown";
import type { ElementContent, RootContent } from "hast";
import type { ReactNode } from "react";

/**
 * Highlights `code` as `language` into React elements (never HTML strings), or returns undefined when the
 * language is unknown or the code too long, so the caller shows plain text.
 */
export function highlightCode(code: string, language: string | undefined): ReactNode[] | undefined {
  return highlightTree(code, language)?.children.map(toReact);
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
