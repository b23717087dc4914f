import { indexCards, orderedParts, type TurnContent } from "@parley/sdk";
import { useMemo } from "react";
import { RichCard } from "./blocks/rich-card.tsx";
import { SegmentView } from "./segment-view.tsx";

/**
 * The body of a turn (or of a subagent's run) in the order it arrived: text segments (markdown and special
 * blocks) interleaved with the cards a person should see.
 */
export function TurnParts({ content }: { content: TurnContent }) {
  const index = useMemo(() => indexCards(content.cards ?? []), [content.cards]);
  return orderedParts(content).map((part) =>
    part.kind === "segment" ? (
      <SegmentView key={part.segment.id} segment={part.segment} />
    ) : (
      <RichCard key={part.card.id} card={part.card} index={index} />
    ),
  );
}
