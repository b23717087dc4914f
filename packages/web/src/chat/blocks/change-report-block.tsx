import type { ChangeReportBlock as ChangeReportBlockData } from "@parley/protocol";

/** The files a turn changed. Placeholder until the change report card (with diffs) lands. */
export function ChangeReportBlock({ block }: { block: ChangeReportBlockData }) {
  return (
    <section
      className="card"
      data-testid="special-block"
      data-block-type="change_report"
      aria-label="Changed files"
    >
      <header className="card-title">
        {block.files.length + (block.truncated_count ?? 0)} changed file
        {block.files.length + (block.truncated_count ?? 0) === 1 ? "" : "s"}
      </header>
      <ul className="card-files">
        {block.files.map((file) => (
          <li key={file.path}>
            <span className={`change-kind change-${file.change}`}>{file.change}</span>{" "}
            <code>{file.path}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
