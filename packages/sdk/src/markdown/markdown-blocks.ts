import { Lexer, type Links, type MarkedOptions, type Token } from "marked";

/** One top-level markdown block: its token and a key that stays the same while the text grows. */
export interface MarkdownBlock {
  /** The block's start offset in the text, as a string: stable while text is appended. */
  key: string;
  token: Token;
}

/**
 * The blocks of a markdown text, split so that appending text re-parses only the tail: `closed` blocks are
 * followed by another block, so later text can no longer change them, and the next parse reuses them
 * (same objects, so memoized renderers skip them); `open` holds the last block, which may still grow.
 */
export interface MarkdownBlocks {
  text: string;
  closed: readonly MarkdownBlock[];
  /** Length of the text prefix the closed blocks cover. */
  closedLength: number;
  open: readonly MarkdownBlock[];
  /** Link reference definitions (`[id]: url`) found in the closed blocks, for references in later ones. */
  links: Links;
}

const LEXER_OPTIONS: MarkedOptions = { gfm: true, breaks: false };

/**
 * Parses `text` into blocks, reusing the closed blocks of `previous` when `text` extends the text they
 * covered. A streaming answer thus costs one parse of its last block per token, not of the whole message.
 * What stays linear in the length is one string comparison of the closed prefix (a memcmp, ~1 ns a
 * character: `startsWith` took ~8 and scanning the whole text for `\r` ~2, the larger part of a 12 KB
 * answer's per-token parse).
 */
export function parseMarkdownBlocks(text: string, previous?: MarkdownBlocks): MarkdownBlocks {
  const closedText = previous?.text.slice(0, previous.closedLength);
  let source = text;
  let reusable =
    closedText !== undefined &&
    text.length >= closedText.length &&
    text.slice(0, closedText.length) === closedText;
  if (!reusable && closedText !== undefined && text.includes("\r")) {
    // The closed prefix of `previous` has its line ends normalized, so a raw one with a `\r` never matches:
    // compare the normalized text instead (an answer written with CRLF, once per token as before).
    source = normalizeLineEnds(text);
    reusable = source.startsWith(closedText);
  }
  const start = reusable && previous !== undefined ? previous.closedLength : 0;
  const tail = normalizeLineEnds(source.slice(start));
  if (
    previous !== undefined &&
    reusable &&
    previous.text.length === start + tail.length &&
    previous.text.slice(start) === tail
  ) {
    return previous;
  }
  const parsed = reusable && previous !== undefined ? previous.text.slice(0, start) + tail : tail;
  const closed: MarkdownBlock[] = reusable && previous !== undefined ? [...previous.closed] : [];
  const links: Links = reusable && previous !== undefined ? { ...previous.links } : {};

  const lexer = new Lexer(LEXER_OPTIONS);
  Object.assign(lexer.tokens.links, links);
  const tokens = lexer.lex(tail);

  let lastContent = tokens.length - 1;
  while (lastContent >= 0 && tokens[lastContent]?.type === "space") lastContent -= 1;
  const open: MarkdownBlock[] = [];
  let position = start;
  let closedLength = start;
  tokens.forEach((token, index) => {
    const block = { key: String(position), token };
    position += token.raw.length;
    if (index < lastContent) {
      closed.push(block);
      closedLength = position;
      if (token.type === "def") links[token.tag] = { href: token.href, title: token.title };
    } else {
      open.push(block);
    }
  });
  // The offsets above assume the tokens' raw text adds up to the parsed text; if a lexer change ever breaks
  // that, keep everything open: slower, never wrong.
  if (position !== parsed.length) {
    return { text: parsed, closed: [], closedLength: 0, open: [...closed, ...open], links: {} };
  }
  return { text: parsed, closed, closedLength, open, links };
}

/** CRLF and lone CR line ends as LF, as the parser (and the closed prefix kept) has them. */
function normalizeLineEnds(text: string): string {
  return text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
}
