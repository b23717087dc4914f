import { extractSpecialBlocks } from "@parley/protocol";
import type { MessageSegment } from "@parley/sdk";
import { memo, useMemo } from "react";
import { MarkdownContent } from "../markdown/markdown-content.tsx";
import { SpecialBlockView } from "./blocks/special-block-view.tsx";

/**
 * One text segment of an agent turn. While it streams it renders as incremental markdown only; once final,
 * its special blocks (plan, finalize_task, change_report, ask_user JSON) become cards. Scanning for JSON on
 * every token would cost a pass over the whole text per token, and a half-streamed block is not valid yet.
 */
export const SegmentView = memo(function SegmentView({ segment }: { segment: MessageSegment }) {
  return (
    <div
      className="segment"
      data-testid="segment"
      data-segment-id={segment.id}
      data-streaming={segment.streaming ? "true" : "false"}
    >
      {segment.streaming ? (
        <MarkdownContent text={segment.text} streaming streamId={segment.id} />
      ) : (
        <FinalSegmentText text={segment.text} />
      )}
    </div>
  );
});

function FinalSegmentText({ text }: { text: string }) {
  const parts = useMemo(() => extractSpecialBlocks(text), [text]);
  return parts.map((part, index) =>
    part.kind === "markdown" ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: a final segment's parts never change order
      <MarkdownContent key={index} text={part.text} />
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: a final segment's parts never change order
      <SpecialBlockView key={index} block={part.block} />
    ),
  );
}
