import type { MessageCard } from "@parley/sdk";
import { dataRecord } from "@parley/sdk";
import { MarkdownContent } from "../markdown/markdown-content.tsx";

/**
 * A card shown as text: a Text card, a message of a kind this UI does not know (`unknownKind`, its text as
 * the sdk extracted it), or a card whose data did not fit its kind (`fallbackText`).
 */
export function TextCard({
  card,
  unknownKind,
  fallbackText,
}: {
  card: MessageCard;
  unknownKind?: string | undefined;
  fallbackText?: string | undefined;
}) {
  const data = dataRecord(card.rich.data);
  const text =
    fallbackText ?? (typeof data.text === "string" ? data.text : JSON.stringify(card.rich.data, null, 2));
  return (
    <section
      className="card text-card"
      data-testid="text-card"
      data-message-id={card.id}
      data-unknown-kind={unknownKind}
    >
      {unknownKind !== undefined && (
        <p className="muted text-card-note">
          Shown as text: this version of Parley has no card for “{unknownKind}”.
        </p>
      )}
      <MarkdownContent text={text} />
    </section>
  );
}
