import type { Token } from "marked";
import { decodeEntities } from "./decode-entities.ts";

/**
 * The text a streaming block ends in: the last plain inline text of its last child, of its last child…
 * (a paragraph's, a heading's, a list's last item's). Text appended to a block most often only grows
 * this leaf, which the renderer shows in an element of its own that a store subscription writes into
 * without React (`StreamTail`).
 */
export function tailLeaf(token: Token): Token | undefined {
  let node = token;
  for (;;) {
    const children = childrenOf(node);
    const last = children?.at(-1);
    if (children === undefined || last === undefined) return undefined;
    if (isLeaf(last)) return INLINE_PARENTS.has(node.type) ? last : undefined;
    node = last;
  }
}

/**
 * The text to show in the tail of `next` when it renders as `rendered` does with only its tail leaf's
 * text changed: the same types, fields and earlier children along the path to the leaf. `undefined` when
 * anything else differs (a new inline token, an item, a closed emphasis), which React must render.
 */
export function grownTail(rendered: Token, next: Token): string | undefined {
  let before = rendered;
  let after = next;
  for (;;) {
    if (!sameFields(before, after)) return undefined;
    const beforeChildren = childrenOf(before);
    const afterChildren = childrenOf(after);
    if (beforeChildren === undefined || afterChildren === undefined) return undefined;
    const count = afterChildren.length;
    if (count === 0 || beforeChildren.length !== count) return undefined;
    for (let index = 0; index < count - 1; index += 1) {
      const earlier = beforeChildren[index] as Token;
      const later = afterChildren[index] as Token;
      if (earlier.type !== later.type || earlier.raw !== later.raw) return undefined;
    }
    const beforeLast = beforeChildren[count - 1] as Token;
    const afterLast = afterChildren[count - 1] as Token;
    if (isLeaf(beforeLast) || isLeaf(afterLast)) {
      if (!isLeaf(beforeLast) || !isLeaf(afterLast) || !INLINE_PARENTS.has(after.type)) return undefined;
      if (!sameFields(beforeLast, afterLast)) return undefined;
      return leafText(afterLast);
    }
    before = beforeLast;
    after = afterLast;
  }
}

/** What the inline renderer shows for a leaf (`renderInline`'s plain text). */
export function leafText(leaf: Token): string {
  return decodeEntities((leaf as { text: string }).text);
}

/** Parents whose children render through `renderInline`, where a plain text token is a text node. */
const INLINE_PARENTS: ReadonlySet<string> = new Set(["paragraph", "heading", "text", "strong", "em", "del"]);

function isLeaf(token: Token): boolean {
  return token.type === "text" && (token.tokens === undefined || token.tokens.length === 0);
}

function childrenOf(token: Token): readonly Token[] | undefined {
  switch (token.type) {
    case "paragraph":
    case "heading":
    case "strong":
    case "em":
    case "del":
    case "blockquote":
    case "list_item":
      return token.tokens;
    case "text":
      return token.tokens !== undefined && token.tokens.length > 0 ? token.tokens : undefined;
    case "list":
      return token.items as Token[];
    default:
      return undefined;
  }
}

/** Grown text aside (`raw`, `text` and the children), the fields a renderer reads are the same. */
function sameFields(before: Token, after: Token): boolean {
  if (before.type !== after.type) return false;
  const beforeFields = before as unknown as Record<string, unknown>;
  const afterFields = after as unknown as Record<string, unknown>;
  let count = 0;
  for (const key in afterFields) {
    count += 1;
    if (GROWING.has(key)) continue;
    if (beforeFields[key] !== afterFields[key]) return false;
  }
  let beforeCount = 0;
  for (const _ in beforeFields) beforeCount += 1;
  return beforeCount === count;
}

const GROWING: ReadonlySet<string> = new Set(["raw", "text", "tokens", "items"]);
