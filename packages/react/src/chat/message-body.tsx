import { PlanDataSchema } from "@parley/protocol";
import {
  type ChatMessage,
  indexCards,
  isCardShown,
  type MessagePhase,
  readPlanCard,
  segmentsOf,
} from "@parley/sdk";
import { useMemo } from "react";
import { PlanCardView } from "../cards/plan-card.tsx";
import { MarkdownContent } from "../markdown/markdown-content.tsx";
import { RemoteImage } from "../markdown/remote-image.tsx";
import { ChangeReportBlock } from "./blocks/change-report-block.tsx";
import { ThinkingIndicator } from "./thinking-indicator.tsx";
import { TurnParts } from "./turn-parts.tsx";

/**
 * The text of an agent turn (seed 002 MessageBody): the thinking indicator, then its segments (markdown
 * and special blocks) and cards in the order they arrived. A finished turn without anything to show says
 * "Empty message".
 */
export function MessageBody({ message, phase }: { message: ChatMessage; phase: MessagePhase }) {
  const segments = useMemo(() => segmentsOf(message), [message]);
  const content = useMemo(() => ({ ...message, segments }), [message, segments]);
  const cards = message.cards ?? [];
  const index = useMemo(() => indexCards(message.cards ?? []), [message.cards]);
  const hasText = segments.some((segment) => segment.text.trim() !== "");
  const streamingNow = segments.some((segment) => segment.streaming);
  const plan = useMemo(
    () => (PlanDataSchema.safeParse(message.plan).success ? readPlanCard(message.plan) : undefined),
    [message.plan],
  );
  const report = message.changeReport;
  const reportShown =
    report !== undefined &&
    report.messageId !== undefined &&
    (segments.some((segment) => segment.id === report.messageId) ||
      cards.some((card) => card.id === report.messageId));
  const showReport = report !== undefined && !reportShown && report.files.length + report.truncatedCount > 0;
  const hasCards = cards.some((card) => isCardShown(card, index));
  return (
    <div className="message-body">
      {phase === "thinking" && <ThinkingIndicator />}
      {message.thinkingText !== undefined && message.thinkingText.trim() !== "" && (
        <details className="thinking-text" data-testid="thinking-text">
          <summary>{phase === "thinking" ? "Show thinking" : "Thoughts"}</summary>
          <div className="thinking-text-body">{message.thinkingText}</div>
        </details>
      )}
      <TurnParts content={content} />
      {phase === "streaming" && !streamingNow && <MarkdownContent text="" streaming />}
      {plan !== undefined && <PlanCardView plan={plan} />}
      {showReport && (
        <ChangeReportBlock
          block={{ type: "change_report", files: report.files, truncated_count: report.truncatedCount }}
        />
      )}
      {message.images !== undefined && message.images.length > 0 && <MessageImages images={message.images} />}
      {phase === "done" &&
        !hasText &&
        !hasCards &&
        plan === undefined &&
        !showReport &&
        (message.images ?? []).length === 0 &&
        message.error === undefined && (
          <em className="empty-message" data-testid="empty-message">
            Empty message
          </em>
        )}
    </div>
  );
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
