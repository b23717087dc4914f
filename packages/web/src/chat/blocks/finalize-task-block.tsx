import type { FinalizeTaskBlock as FinalizeTaskBlockData } from "@parley/protocol";
import { MarkdownContent } from "../../markdown/markdown-content.tsx";

/** The agent's closing summary of a task. Placeholder until the task cards land. */
export function FinalizeTaskBlock({ block }: { block: FinalizeTaskBlockData }) {
  return (
    <section
      className="card"
      data-testid="special-block"
      data-block-type="finalize_task"
      aria-label="Task summary"
    >
      <header className="card-title">Task {block.outcome ?? "finished"}</header>
      <MarkdownContent text={block.summary} />
      {block.next_steps !== undefined && block.next_steps.length > 0 && (
        <ul className="card-steps">
          {block.next_steps.map((step, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once written
            <li key={index}>{step}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
