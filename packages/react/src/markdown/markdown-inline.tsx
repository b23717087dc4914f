import type { Token } from "marked";
import type { ReactNode } from "react";
import { decodeEntities } from "./decode-entities.ts";
import { RemoteImage } from "./remote-image.tsx";
import { safeLinkUrl } from "./safe-url.ts";

/**
 * Renders marked's inline tokens as React elements. Model output is untrusted: raw HTML is shown as text,
 * links are links only for http(s)/mailto URLs, and images wait for a click.
 */
export function renderInline(tokens: readonly Token[] | undefined, tail?: StreamTailSlot): ReactNode[] {
  return (tokens ?? []).map((token, index) =>
    token === tail?.leaf ? tail.render(index) : renderInlineToken(token, index, tail),
  );
}

/** The leaf of a streaming block (`tailLeaf`) and what renders in its place: an element a subscription writes. */
export interface StreamTailSlot {
  leaf: Token;
  render: (key: number) => ReactNode;
}

function renderInlineToken(token: Token, index: number, tail: StreamTailSlot | undefined): ReactNode {
  switch (token.type) {
    case "text":
      return token.tokens && token.tokens.length > 0 ? (
        <span key={index}>{renderInline(token.tokens, tail)}</span>
      ) : (
        decodeEntities(token.text)
      );
    case "escape":
      return token.text;
    case "strong":
      return <strong key={index}>{renderInline(token.tokens, tail)}</strong>;
    case "em":
      return <em key={index}>{renderInline(token.tokens, tail)}</em>;
    case "del":
      return <del key={index}>{renderInline(token.tokens, tail)}</del>;
    case "codespan":
      return <code key={index}>{token.text}</code>;
    case "br":
      return <br key={index} />;
    case "link":
      return (
        <SafeLink
          key={index}
          href={token.href}
          title={token.title}
          content={renderInline(token.tokens, tail)}
        />
      );
    case "image":
      return <RemoteImage key={index} href={token.href} alt={token.text} title={token.title} />;
    case "checkbox":
      return <input key={index} type="checkbox" checked={token.checked} disabled aria-label="task item" />;
    case "html":
      return (
        <span key={index} className="md-raw-html">
          {token.raw}
        </span>
      );
    default:
      return token.raw;
  }
}

function SafeLink({ href, title, content }: { href: string; title?: string | null; content: ReactNode }) {
  const url = safeLinkUrl(href);
  if (url === undefined) {
    return (
      <span className="md-blocked-link" data-testid="blocked-link" title={`not a safe link: ${href}`}>
        {content}
      </span>
    );
  }
  return (
    <a href={url} title={title ?? url} target="_blank" rel="noopener noreferrer" referrerPolicy="no-referrer">
      {content}
    </a>
  );
}
