import type { SubagentTreeEntry } from "@parley/sdk";

/** The subagents an agent turn delegated to, as a tree: each with its task and whether it finished. */
export function SubagentTreeView({ entries }: { entries: readonly SubagentTreeEntry[] }) {
  const ids = new Set(entries.map((entry) => entry.subagentId));
  const roots = entries.filter((entry) => !ids.has(entry.parentId));
  return (
    <section className="subagent-tree" data-testid="subagent-tree" aria-label="Delegated subagents">
      <ul>
        {roots.map((entry) => (
          <SubagentNode key={entry.subagentId} entry={entry} entries={entries} depth={0} />
        ))}
      </ul>
    </section>
  );
}

function SubagentNode({
  entry,
  entries,
  depth,
}: {
  entry: SubagentTreeEntry;
  entries: readonly SubagentTreeEntry[];
  depth: number;
}) {
  // Depth guards against a malformed tree whose parent links form a cycle.
  const children = depth < 16 ? entries.filter((child) => child.parentId === entry.subagentId) : [];
  const failed = entry.done && entry.outcome !== undefined && entry.outcome !== "success";
  const status = !entry.done ? "running" : failed ? (entry.outcome ?? "failed") : "done";
  return (
    <li data-testid="subagent-entry" data-subagent-id={entry.subagentId} data-done={entry.done}>
      <span className={`subagent-status subagent-${!entry.done ? "running" : failed ? "failed" : "done"}`}>
        {!entry.done ? <span className="spinner" aria-hidden="true" /> : failed ? "✕" : "✓"}
      </span>
      <span className="subagent-task">{entry.task}</span>
      <span className="visually-hidden"> ({status})</span>
      {failed && <span className="subagent-outcome"> {entry.outcome}</span>}
      {children.length > 0 && (
        <ul>
          {children.map((child) => (
            <SubagentNode key={child.subagentId} entry={child} entries={entries} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}
