import { type MarkdownBlocks, parseMarkdownBlocks } from "@parley/sdk/markdown";
import { memo, useContext, useLayoutEffect, useMemo, useRef, useState } from "react";
import { MarkdownBlockView } from "./markdown-block.tsx";
import type { StreamTailSlot } from "./markdown-inline.tsx";
import { leafText, tailLeaf } from "./stream-tail.ts";
import { StreamTailWriter } from "./stream-tail-writer.ts";
import { StreamTailsContext } from "./stream-tails.ts";

/**
 * Renders model-written markdown safely and incrementally: while `streaming`, each update re-parses only
 * the last block and shows a cursor after the text. A streaming text with a `streamId` (its segment's) also
 * lets the chat row show tokens that only grow the last block's last text without rendering (`StreamTails`).
 */
export const MarkdownContent = memo(function MarkdownContent({
  text,
  streaming = false,
  streamId,
}: {
  text: string;
  streaming?: boolean;
  streamId?: string;
}) {
  const [writer] = useState(() => new StreamTailWriter());
  const blocks = useMarkdownBlocks(text, writer);
  const lastContent = blocks.open[0];
  const leaf = streaming && lastContent !== undefined ? tailLeaf(lastContent.token) : undefined;
  const tail = useMemo<StreamTailSlot | undefined>(
    () =>
      leaf === undefined
        ? undefined
        : { leaf, render: (key) => <StreamTailText key={key} writer={writer} text={leafText(leaf)} /> },
    [leaf, writer],
  );
  const tails = useContext(StreamTailsContext);
  useLayoutEffect(() => {
    writer.rendered(blocks, tail !== undefined);
  }, [writer, blocks, tail]);
  useLayoutEffect(() => {
    if (!streaming || streamId === undefined || tails === undefined) return undefined;
    return tails.register(streamId, writer);
  }, [tails, streaming, streamId, writer]);
  const cursor = streaming ? <span className="streaming-cursor" aria-hidden="true" /> : undefined;
  return (
    <div className="markdown" data-testid="markdown">
      {/* One list, so a block keeps its component when it moves from open to closed. */}
      {[...blocks.closed, ...blocks.open].map((block) => (
        <MarkdownBlockView
          key={block.key}
          token={block.token}
          trailing={block === lastContent ? cursor : undefined}
          tail={block === lastContent ? tail : undefined}
        />
      ))}
      {lastContent === undefined && cursor}
    </div>
  );
});

/**
 * The streaming block's last text: an element React renders without children, so React never reconciles
 * the text the writer puts in it between renders; each render writes the text it was given.
 */
function StreamTailText({ writer, text }: { writer: StreamTailWriter; text: string }) {
  const element = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    writer.attach(element.current, text);
  }, [writer, text]);
  useLayoutEffect(() => () => writer.attach(null, ""), [writer]);
  return <span ref={element} />;
}

/** Parses markdown into blocks, carrying the previous parse forward so appended text re-parses only its tail. */
function useMarkdownBlocks(text: string, writer: StreamTailWriter): MarkdownBlocks {
  return useMemo(() => parseMarkdownBlocks(text, writer.latest), [text, writer]);
}
