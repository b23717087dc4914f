import { PlanDataSchema } from "@parley/protocol";
import type { ChatMessage, MessagePhase, MessageSegment } from "@parley/sdk";
import { useMemo } from "react";
import { MarkdownContent } from "../markdown/markdown-content.tsx";
import { RemoteImage } from "../markdown/remote-image.tsx";
import { PlanBlock } from "./blocks/plan-block.tsx";
import { RichCard } from "./blocks/rich-card.tsx";
import { SegmentView } from "./segment-view.tsx";
import { ThinkingIndicator } from "./thinking-indicator.tsx";

/**
 * The text of an agent turn (seed 002 MessageBody): the thinking indicator, then each segment (markdown and
 * special blocks), then the turn's cards. A finished turn without any text says "Empty message".
 */
export function MessageBody({ message, phase }: { message: ChatMessage; phase: MessagePhase }) {
  const segments = segmentsOf(message);
  const cards = message.cards ?? [];
  const hasText = segments.some((segment) => segment.text.trim() !== "");
  const streamingNow = segments.some((segment) => segment.streaming);
  const plan = useMemo(() => PlanDataSchema.safeParse(message.plan), [message.plan]);
  return (
    <div className="message-body">
      {phase === "thinking" && <ThinkingIndicator />}
      {message.thinkingText !== undefined && message.thinkingText.trim() !== "" && (
        <details className="thinking-text" data-testid="thinking-text">
          <summary>{phase === "thinking" ? "Show thinking" : "Thoughts"}</summary>
          <div className="thinking-text-body">{message.thinkingText}</div>
        </details>
      )}
      {segments.map((segment) => (
        <SegmentView key={segment.id} segment={segment} />
      ))}
      {phase === "streaming" && !streamingNow && <MarkdownContent text="" streaming />}
      {plan.success && <PlanBlock block={{ ...plan.data, type: "plan" }} />}
      {cards.map((card) => (
        <RichCard key={card.id} card={card} />
      ))}
      {message.images !== undefined && message.images.length > 0 && <MessageImages images={message.images} />}
      {phase === "done" &&
        !hasText &&
        cards.length === 0 &&
        !plan.success &&
        (message.images ?? []).length === 0 &&
        message.error === undefined && (
          <em className="empty-message" data-testid="empty-message">
            Empty message
          </em>
        )}
    </div>
  );
}

/**
 * The segments to render: the turn's own, plus the legacy `liveText` when a store streams through it
 * without a streaming segment, or the turn's `text` when it has no segments at all.
 */
function segmentsOf(message: ChatMessage): MessageSegment[] {
  const segments = message.segments ?? [];
  if (segments.length === 0 && message.text !== "" && message.liveText === undefined) {
    return [{ id: `${message.id}:text`, text: message.text, streaming: false }];
  }
  if (
    message.liveText !== undefined &&
    message.isGenerating === true &&
    !segments.some((segment) => segment.streaming)
  ) {
    return [...segments, { id: `${message.id}:live`, text: message.liveText, streaming: true }];
  }
  return segments;
}

/** A message's images, each behind the same click-to-load placeholder as images in markdown. */
export function MessageImages({ images }: { images: readonly string[] }) {
  return (
    <div className="message-images">
      {images.map((image, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a message's images never change order
        <RemoteImage key={index} href={image} alt={`image ${index + 1}`} />
      ))}
    </div>
  );
}
