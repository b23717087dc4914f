/** The kind of a unified diff line, for its style. */
type DiffLineKind = "header" | "hunk" | "add" | "remove" | "context" | "note";

function kindOf(line: string): DiffLineKind {
  if (line.startsWith("+++ ") || line.startsWith("--- ")) return "header";
  if (line.startsWith("@@")) return "hunk";
  if (line.startsWith("+")) return "add";
  if (line.startsWith("-")) return "remove";
  if (line.startsWith("\\")) return "note";
  return "context";
}

/** A unified diff with added lines green, removed lines red and hunk headers muted (`diff-line`, `data-kind`). */
export function DiffView({ diff }: { diff: string }) {
  const lines = diff.replace(/\n$/, "").split("\n");
  return (
    <pre className="diff-view" data-testid="diff-view">
      {lines.map((line, index) => {
        const kind = kindOf(line);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a diff never move
          <span key={index} className={`diff-line diff-${kind}`} data-testid="diff-line" data-kind={kind}>
            {`${line}\n`}
          </span>
        );
      })}
    </pre>
  );
}
