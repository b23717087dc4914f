import { parseMarkdownBlocks } from "@parley/sdk/markdown";
import { Box } from "ink";
import { useMemo } from "react";
import { useDisplay } from "../theme/display.ts";
import { MarkdownBlockView } from "./markdown-block.tsx";

/** A whole markdown text (a Text card, a summary) as terminal blocks, a blank line between them. */
export function MarkdownText({ text }: { text: string }) {
  const { columns } = useDisplay();
  const blocks = useMemo(() => parseMarkdownBlocks(text), [text]);
  const shown = [...blocks.closed, ...blocks.open].filter(
    (block) => block.token.type !== "space" && block.token.type !== "def",
  );
  return (
    <Box flexDirection="column" gap={1}>
      {shown.map((block) => (
        <MarkdownBlockView key={block.key} token={block.token} width={columns} />
      ))}
    </Box>
  );
}
