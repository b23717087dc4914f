import type { MessageCard } from "@parley/sdk";

/**
 * A typed card inside an agent turn (plan, question, tool request or result…). Placeholder that names the
 * kind and shows its text, until each kind gets its own card.
 */
export function RichCard({ card }: { card: MessageCard }) {
  return (
    <section className="card" data-testid="rich-card" data-kind={card.rich.kind} aria-label={card.rich.kind}>
      <header className="card-title">{card.rich.kind}</header>
      <p className="muted">{describe(card.rich.data)}</p>
    </section>
  );
}

function describe(data: unknown): string {
  if (typeof data === "string") return data.slice(0, 280);
  if (typeof data === "object" && data !== null) {
    for (const field of ["text", "question", "goal", "summary", "tool_name", "name", "message"]) {
      const value = (data as Record<string, unknown>)[field];
      if (typeof value === "string" && value !== "") return value.slice(0, 280);
    }
  }
  return "";
}
