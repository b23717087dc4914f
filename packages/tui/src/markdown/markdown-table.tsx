import { safeText } from "@parley/sdk";
import { Box, Text } from "ink";
import type { Token, Tokens } from "marked";
import stringWidth from "string-width";
import { useTheme } from "../theme/theme.ts";

/** The text of inline tokens without styling, to measure and align table cells. */
function plainText(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      if ("tokens" in token && Array.isArray(token.tokens) && token.tokens.length > 0)
        return plainText(token.tokens);
      if (token.type === "br") return " ";
      return "text" in token && typeof token.text === "string" ? token.text : token.raw;
    })
    .join("")
    .replace(
      /&(amp|lt|gt|quot|#39);/g,
      (_, name: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[name] ?? "",
    );
}

function pad(text: string, width: number, align: Tokens.TableCell["align"]): string {
  const room = Math.max(0, width - stringWidth(text));
  if (align === "right") return " ".repeat(room) + text;
  if (align === "center") return " ".repeat(Math.floor(room / 2)) + text + " ".repeat(Math.ceil(room / 2));
  return text + " ".repeat(room);
}

/**
 * A markdown table with aligned columns and a rule under the header. A table wider than the terminal is
 * shown row by row as `header: value` lines instead, so nothing is cut or wrapped into a mess.
 */
export function MarkdownTable({ token, width }: { token: Tokens.Table; width: number }) {
  const theme = useTheme();
  const header = token.header.map((cell) => safeText(plainText(cell.tokens)));
  const rows = token.rows.map((row) => row.map((cell) => safeText(plainText(cell.tokens))));
  const widths = header.map((title, column) =>
    Math.max(stringWidth(title), ...rows.map((row) => stringWidth(row[column] ?? ""))),
  );
  const total = widths.reduce((sum, columnWidth) => sum + columnWidth, 0) + 3 * (widths.length - 1);
  if (total > width) {
    return (
      <Box flexDirection="column">
        {rows.map((row, rowIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are identified by their position
          <Box key={rowIndex} flexDirection="column" marginBottom={rowIndex < rows.length - 1 ? 1 : 0}>
            {header.map((title, column) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: cells are identified by their column
              <Text key={column}>
                <Text bold>{title}:</Text> {row[column] ?? ""}
              </Text>
            ))}
          </Box>
        ))}
      </Box>
    );
  }
  const line = (cells: readonly string[]) =>
    cells.map((cell, column) => pad(cell, widths[column] ?? 0, token.align[column] ?? null)).join(" │ ");
  return (
    <Box flexDirection="column">
      <Text bold>{line(header)}</Text>
      <Text color={theme.muted} dimColor={!theme.colour}>
        {widths.map((columnWidth) => "─".repeat(columnWidth)).join("─┼─")}
      </Text>
      {rows.map((row, rowIndex) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are identified by their position
        <Text key={rowIndex}>{line(row)}</Text>
      ))}
    </Box>
  );
}
