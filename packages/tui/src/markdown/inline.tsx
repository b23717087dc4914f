import { safeText } from "@parley/sdk";
import { Text } from "ink";
import type { Token } from "marked";
import type { ReactNode } from "react";
import type { Theme } from "../theme/theme.ts";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/** marked escapes a few characters in text tokens as HTML entities; the terminal shows the characters. */
function decodeEntities(text: string): string {
  return text.includes("&")
    ? text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
    : text;
}

/**
 * marked's inline tokens as Ink text: bold, italic, strikethrough, code in the accent colour, links with
 * their address (a terminal cannot hide one behind a word), images named, never loaded. Model output is
 * untrusted: raw HTML is shown as text and control characters are made visible.
 */
export function renderInline(tokens: readonly Token[] | undefined, theme: Theme): ReactNode[] {
  return (tokens ?? []).map((token, index) => renderInlineToken(token, index, theme));
}

function renderInlineToken(token: Token, index: number, theme: Theme): ReactNode {
  switch (token.type) {
    case "text":
      return token.tokens && token.tokens.length > 0 ? (
        <Text key={index}>{renderInline(token.tokens, theme)}</Text>
      ) : (
        safeText(decodeEntities(token.text))
      );
    case "escape":
      return safeText(token.text);
    case "strong":
      return (
        <Text key={index} bold>
          {renderInline(token.tokens, theme)}
        </Text>
      );
    case "em":
      return (
        <Text key={index} italic>
          {renderInline(token.tokens, theme)}
        </Text>
      );
    case "del":
      return (
        <Text key={index} strikethrough>
          {renderInline(token.tokens, theme)}
        </Text>
      );
    case "codespan":
      return (
        <Text key={index} color={theme.accent} bold={!theme.colour}>
          {safeText(decodeEntities(token.text))}
        </Text>
      );
    case "br":
      return "\n";
    case "link": {
      const label = renderInline(token.tokens, theme);
      const href = safeText(token.href);
      const plain = token.text === token.href || `mailto:${token.text}` === token.href;
      return (
        <Text key={index}>
          <Text underline>{label}</Text>
          {!plain && <Text dimColor>{` (${href})`}</Text>}
        </Text>
      );
    }
    case "image":
      return (
        <Text key={index} dimColor>
          {`[image: ${safeText(token.text || "untitled")} ${safeText(token.href)}]`}
        </Text>
      );
    case "checkbox":
      return token.checked ? "☑ " : "☐ ";
    default:
      return safeText("raw" in token ? String(token.raw) : "");
  }
}
