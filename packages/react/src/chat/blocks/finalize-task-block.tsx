import type { FinalizeTaskBlock as FinalizeTaskBlockData } from "@parley/protocol";
import { MarkdownContent } from "../../markdown/markdown-content.tsx";

const OUTCOME_LABELS = { completed: "Completed", partial: "Partly done", failed: "Failed" } as const;

/** The agent's closing summary of a task (seed 002 FinalizeTaskBlock): outcome, summary, checks, next steps. */
export function FinalizeTaskBlock({ block }: { block: FinalizeTaskBlockData }) {
  const outcome = block.outcome ?? "completed";
  return (
    <section
      className={`card finalize-task finalize-${outcome}`}
      data-testid="special-block"
      data-block-type="finalize_task"
      aria-label="Task summary"
    >
      <header className="finalize-header">
        <span className="card-kicker">Task</span>
        <span
          className={`badge finalize-badge-${outcome}`}
          data-testid="finalize-outcome"
          data-outcome={outcome}
        >
          {OUTCOME_LABELS[outcome]}
        </span>
      </header>
      <MarkdownContent text={block.summary} />
      {block.verification !== undefined && (
        <div className="finalize-verification" data-testid="finalize-verification">
          <strong>Checked: </strong>
          {block.verification}
        </div>
      )}
      {block.next_steps !== undefined && block.next_steps.length > 0 && (
        <div className="finalize-next" data-testid="finalize-next-steps">
          <strong>Next steps</strong>
          <ul>
            {block.next_steps.map((step, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once written
              <li key={index}>{step}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
