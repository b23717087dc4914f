import { type MarkdownBlocks, parseMarkdownBlocks } from "@parley/sdk/markdown";
import { memo, useEffect, useMemo, useRef } from "react";
import { MarkdownBlockView } from "./markdown-block.tsx";

/**
 * Renders model-written markdown safely and incrementally: while `streaming`, each update re-parses only
 * the last block and shows a cursor after the text.
 */
export const MarkdownContent = memo(function MarkdownContent({
  text,
  streaming = false,
}: {
  text: string;
  streaming?: boolean;
}) {
  const blocks = useMarkdownBlocks(text);
  const cursor = streaming ? <span className="streaming-cursor" aria-hidden="true" /> : undefined;
  const lastContent = blocks.open[0];
  return (
    <div className="markdown" data-testid="markdown">
      {/* One list, so a block keeps its component when it moves from open to closed. */}
      {[...blocks.closed, ...blocks.open].map((block) => (
        <MarkdownBlockView
          key={block.key}
          token={block.token}
          trailing={block === lastContent ? cursor : undefined}
        />
      ))}
      {lastContent === undefined && cursor}
    </div>
  );
});

/** Parses markdown into blocks, carrying the previous parse forward so appended text re-parses only its tail. */
function useMarkdownBlocks(text: string): MarkdownBlocks {
  const previous = useRef<MarkdownBlocks | undefined>(undefined);
  const blocks = useMemo(() => parseMarkdownBlocks(text, previous.current), [text]);
  useEffect(() => {
    previous.current = blocks;
  }, [blocks]);
  return blocks;
}
