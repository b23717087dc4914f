import type { ChangedFile, ChangeReportBlock as ChangeReportBlockData } from "@parley/protocol";
import { plural, REWIND_OUTCOME_LABELS } from "@parley/sdk";
import { useState } from "react";
import { DiffView } from "./diff-view.tsx";
import { RewindFilesAction } from "./rewind-files-action.tsx";

/**
 * The files a turn changed (seed 002 ChangeReportBlock): each with its kind of change and +/− counts, its
 * unified diff behind a toggle, and how many more files the report left out. A run's report offers to
 * rewind its files; a rewind's own report says so and names the files it could not put back.
 */
export function ChangeReportBlock({ block }: { block: ChangeReportBlockData }) {
  const truncated = block.truncated_count ?? 0;
  const total = block.files.length + truncated;
  const additions = block.files.reduce((sum, file) => sum + (file.additions ?? 0), 0);
  const deletions = block.files.reduce((sum, file) => sum + (file.deletions ?? 0), 0);
  return (
    <section
      className="card change-report"
      data-testid="special-block"
      data-block-type="change_report"
      data-rewind={block.rewind === undefined ? undefined : "true"}
      aria-label={block.rewind === undefined ? "Changed files" : "Rewound files"}
    >
      <header className="change-report-header">
        <span className="card-title">{block.summary ?? `${plural(total, "file")} changed`}</span>
        <span className="diffstat" data-testid="change-report-counts">
          <span className="diff-add-count">+{additions}</span>{" "}
          <span className="diff-remove-count">−{deletions}</span>
        </span>
      </header>
      <ul className="change-files">
        {block.files.map((file) => (
          <ChangedFileItem key={`${file.old_path ?? ""}>${file.path}`} file={file} />
        ))}
      </ul>
      {truncated > 0 && (
        <p className="muted" data-testid="change-more">
          {plural(truncated, "more file")} not listed
        </p>
      )}
      {block.rewind?.not_restored !== undefined && block.rewind.not_restored.length > 0 && (
        <ul className="change-files" data-testid="change-not-restored">
          {block.rewind.not_restored.map((file) => (
            <li key={file.path} className="rewind-file" data-path={file.path}>
              <span className="change-kind rewind-not_restorable">
                {REWIND_OUTCOME_LABELS.not_restorable}
              </span>{" "}
              <code className="change-path">{file.path}</code>
              <p className="muted rewind-reason">{file.reason}</p>
            </li>
          ))}
        </ul>
      )}
      {block.run_id !== undefined && block.rewind === undefined && <RewindFilesAction runId={block.run_id} />}
    </section>
  );
}

function ChangedFileItem({ file }: { file: ChangedFile }) {
  const [open, setOpen] = useState(false);
  const omitted = (file as { diff_omitted?: unknown }).diff_omitted;
  const hasDiff = file.diff !== undefined && file.diff !== "";
  return (
    <li className="change-file" data-testid="change-file" data-path={file.path} data-change={file.change}>
      <button
        type="button"
        className="change-file-toggle"
        data-testid="change-file-toggle"
        aria-expanded={hasDiff ? open : undefined}
        disabled={!hasDiff}
        onClick={() => setOpen(!open)}
      >
        <span className={`change-kind change-${file.change}`}>{file.change}</span>
        <code className="change-path">
          {file.old_path !== undefined ? `${file.old_path} → ${file.path}` : file.path}
        </code>
        <span className="diffstat" data-testid="change-file-counts">
          {file.additions !== undefined && <span className="diff-add-count">+{file.additions}</span>}{" "}
          {file.deletions !== undefined && <span className="diff-remove-count">−{file.deletions}</span>}
        </span>
        {hasDiff && (
          <span className="chevron" aria-hidden="true">
            {open ? "▾" : "▸"}
          </span>
        )}
      </button>
      {open && hasDiff && <DiffView diff={file.diff as string} />}
      {!hasDiff && typeof omitted === "string" && (
        <p className="muted change-diff-omitted" data-testid="change-diff-omitted">
          No diff shown: {omitted}
        </p>
      )}
    </li>
  );
}
