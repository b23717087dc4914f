import { plural, safeText } from "@parley/sdk";
import { Box, Text } from "ink";

/**
 * Preformatted text (tool output, file contents) cut to its first `maxLines` lines with a note of how many
 * more there are; `maxLines` undefined shows it whole.
 */
export function CollapsedText({
  text,
  maxLines,
  colour,
}: {
  text: string;
  maxLines?: number | undefined;
  colour?: string | undefined;
}) {
  const lines = safeText(text).trimEnd().split("\n");
  const shown = maxLines === undefined ? lines : lines.slice(0, maxLines);
  const hidden = lines.length - shown.length;
  return (
    <Box flexDirection="column">
      <Text color={colour}>{shown.join("\n")}</Text>
      {hidden > 0 && (
        <Text dimColor>{`… ${plural(hidden, "more line")} (Ctrl-O shows tool output in full)`}</Text>
      )}
    </Box>
  );
}
