import type { AskUserBlock } from "@parley/protocol";

/** A question written in message text. Placeholder: answering arrives with the interaction cards. */
export function AskUserCard({ block }: { block: AskUserBlock }) {
  return (
    <section className="card" data-testid="special-block" data-block-type="ask_user" aria-label="Question">
      <header className="card-title">{block.question}</header>
      {block.options.length > 0 && (
        <ul className="card-options">
          {block.options.map((option) => (
            <li key={option.value}>{option.label}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
