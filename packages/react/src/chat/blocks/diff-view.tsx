import { diffLineKind } from "@parley/sdk";

/** A unified diff with added lines green, removed lines red and hunk headers muted (`diff-line`, `data-kind`). */
export function DiffView({ diff }: { diff: string }) {
  const lines = diff.replace(/\n$/, "").split("\n");
  return (
    <pre className="diff-view" data-testid="diff-view">
      {lines.map((line, index) => {
        const kind = diffLineKind(line);
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
