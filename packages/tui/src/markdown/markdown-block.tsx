import { safeText } from "@parley/sdk";
import { Box, Text } from "ink";
import type { Token, Tokens } from "marked";
import { memo, type ReactNode } from "react";
import { type Theme, useTheme } from "../theme/theme.ts";
import { highlightLines } from "./highlight.ts";
import { renderInline } from "./inline.tsx";
import { MarkdownTable } from "./markdown-table.tsx";

/**
 * One top-level markdown block in the terminal. Memoized on the token object, which the block splitter
 * reuses for closed blocks, so a streamed token re-renders only the block it lands in. `width` is the
 * columns the block may use (tables need it).
 */
export const MarkdownBlockView = memo(function MarkdownBlockView({
  token,
  width,
}: {
  token: Token;
  width: number;
}) {
  const theme = useTheme();
  return renderBlock(token, theme, width);
});

function renderBlock(token: Token, theme: Theme, width: number, key?: number): ReactNode {
  switch (token.type) {
    case "space":
    case "def":
      return null;
    case "paragraph":
      return <Text key={key}>{renderInline(token.tokens, theme)}</Text>;
    case "text":
      return <Text key={key}>{token.tokens ? renderInline(token.tokens, theme) : safeText(token.text)}</Text>;
    case "heading":
      return (
        <Text
          key={key}
          bold
          underline={token.depth === 1}
          color={token.depth <= 2 ? theme.accent : undefined}
        >
          {renderInline(token.tokens, theme)}
        </Text>
      );
    case "code":
      return <CodeBlock key={key} code={token.text} language={token.lang} theme={theme} />;
    case "blockquote":
      return (
        <Box key={key} flexDirection="row">
          <Text dimColor>{"│ "}</Text>
          <Box flexDirection="column">
            {(token.tokens ?? []).map((child, index) => renderBlock(child, theme, width - 2, index))}
          </Box>
        </Box>
      );
    case "list":
      return <List key={key} token={token as Tokens.List} theme={theme} width={width} />;
    case "table":
      return <MarkdownTable key={key} token={token as Tokens.Table} width={width} />;
    case "hr":
      return (
        <Text key={key} dimColor>
          {"─".repeat(Math.max(3, Math.min(width, 80)))}
        </Text>
      );
    default:
      // Raw HTML and anything newer than this renderer: the text as it is, never interpreted.
      return <Text key={key}>{safeText(token.raw)}</Text>;
  }
}

/** A fenced code block: its language, then the code (highlighted when the language is known) behind a bar. */
function CodeBlock({ code, language, theme }: { code: string; language?: string | undefined; theme: Theme }) {
  const lines = highlightLines(safeText(code), language, theme);
  const label = language?.trim().split(/\s/)[0] ?? "";
  return (
    <Box flexDirection="column">
      {label !== "" && <Text dimColor>{safeText(label)}</Text>}
      {lines.map((runs, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a fixed text never move
        <Box key={index} flexDirection="row">
          <Text color={theme.muted} dimColor={!theme.colour}>
            {"▎ "}
          </Text>
          <Text>
            {runs.map((run, runIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the runs of a fixed line never move
              <Text key={runIndex} color={run.colour}>
                {run.text}
              </Text>
            ))}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

function List({ token, theme, width }: { token: Tokens.List; theme: Theme; width: number }) {
  const start = typeof token.start === "number" ? token.start : 1;
  return (
    <Box flexDirection="column">
      {token.items.map((item, index) => {
        const marker = item.task ? (item.checked ? "☑ " : "☐ ") : token.ordered ? `${start + index}. ` : "• ";
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity beyond their position
          <Box key={index} flexDirection="row">
            <Text color={theme.accent}>{marker}</Text>
            <Box flexDirection="column" flexGrow={1}>
              {item.tokens
                .filter((child) => child.type !== "checkbox")
                .map((child, childIndex) => renderBlock(child, theme, width - marker.length, childIndex))}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
