import type { RewindFile, RewindResponse } from "@parley/protocol";
import { plural, REWIND_OUTCOME_LABELS } from "@parley/sdk";
import { useEffect, useState } from "react";
import { useChatActions, useChatStore } from "../../chat-store-context.tsx";

/** What the action shows: its button, the dry run's list waiting for a confirm, or the rewind's result. */
type RewindStep =
  | { kind: "idle" }
  | { kind: "asking" }
  | { kind: "confirming"; preview: RewindResponse }
  | { kind: "rewinding"; preview: RewindResponse }
  | { kind: "done"; result: RewindResponse };

/**
 * The change report card's "Rewind files to before this run": asks the server what a rewind would do (a dry
 * run), lists it with a warning for files changed since the agent last did, and rewinds on confirm. Hidden
 * while the session's agent is busy (the server refuses then too); errors are shown as the server gave them.
 */
export function RewindFilesAction({ runId }: { runId: string }) {
  const actions = useChatActions();
  const busy = useChatStore((state) => state.session?.busy === true);
  const [step, setStep] = useState<RewindStep>({ kind: "idle" });
  const [failure, setFailure] = useState<string | undefined>();

  const ask = async (work: () => Promise<void>, back: RewindStep) => {
    setFailure(undefined);
    try {
      await work();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      setStep(back);
    }
  };
  const preview = () =>
    ask(
      async () => {
        setStep({ kind: "asking" });
        setStep({ kind: "confirming", preview: await actions.rewindFiles(runId, { dryRun: true }) });
      },
      { kind: "idle" },
    );
  const confirm = (shown: RewindResponse) =>
    ask(
      async () => {
        setStep({ kind: "rewinding", preview: shown });
        setStep({ kind: "done", result: await actions.rewindFiles(runId, { dryRun: false }) });
      },
      { kind: "confirming", preview: shown },
    );

  // A preview shown before a run started is stale once it has: the next rewind starts from a new dry run.
  useEffect(() => {
    if (busy) setStep((shown) => (shown.kind === "confirming" ? { kind: "idle" } : shown));
  }, [busy]);

  if (busy && (step.kind === "idle" || step.kind === "confirming")) return null;
  return (
    <div className="rewind-files" data-testid="rewind-files">
      {(step.kind === "idle" || step.kind === "asking") && (
        <div className="card-actions">
          <button
            type="button"
            className="button"
            data-testid="rewind-files-start"
            disabled={step.kind === "asking"}
            title="Shows which files would be put back as they were before this run (and every later run), then asks"
            onClick={() => void preview()}
          >
            Rewind files to before this run
          </button>
        </div>
      )}
      {(step.kind === "confirming" || step.kind === "rewinding") && (
        <RewindPreview
          preview={step.preview}
          rewinding={step.kind === "rewinding"}
          onConfirm={() => void confirm(step.preview)}
          onCancel={() => setStep({ kind: "idle" })}
        />
      )}
      {step.kind === "done" && <RewindResult result={step.result} />}
      {failure !== undefined && (
        <p className="field-error" data-testid="rewind-files-error" role="alert">
          Could not rewind: {failure}
        </p>
      )}
    </div>
  );
}

function RewindPreview({
  preview,
  rewinding,
  onConfirm,
  onCancel,
}: {
  preview: RewindResponse;
  rewinding: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const changing = preview.files.filter((file) => file.outcome === "restored" || file.outcome === "deleted");
  const changedSince = preview.files.filter((file) => file.changed_since_agent === true);
  return (
    <div className="rewind-preview" data-testid="rewind-preview">
      {changing.length === 0 ? (
        <p className="muted">No file needs to change: they are as they were before this run.</p>
      ) : (
        <p>
          Rewinding changes {plural(changing.length, "file")} back to how they were before this run and the
          runs after it:
        </p>
      )}
      {changedSince.length > 0 && (
        <p className="approval-warning" data-testid="rewind-changed-since" role="alert">
          {plural(changedSince.length, "file")} changed since the agent last did; rewinding loses those
          changes too: {changedSince.map((file) => file.path).join(", ")}
        </p>
      )}
      <RewindFileList files={preview.files} />
      <div className="card-actions">
        <button
          type="button"
          className="button button-primary"
          data-testid="rewind-files-confirm"
          disabled={rewinding || changing.length === 0}
          onClick={onConfirm}
        >
          {rewinding ? "Rewinding…" : `Rewind ${plural(changing.length, "file")}`}
        </button>
        <button
          type="button"
          className="button"
          data-testid="rewind-files-cancel"
          disabled={rewinding}
          onClick={onCancel}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}

function RewindResult({ result }: { result: RewindResponse }) {
  const changed = result.files.filter((file) => file.outcome === "restored" || file.outcome === "deleted");
  return (
    <div className="rewind-result" data-testid="rewind-result">
      <p>Rewound {plural(changed.length, "file")}.</p>
      <RewindFileList files={result.files.filter((file) => file.outcome === "not_restorable")} />
    </div>
  );
}

function RewindFileList({ files }: { files: readonly RewindFile[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="change-files">
      {files.map((file) => (
        <li
          key={file.path}
          className="rewind-file"
          data-testid="rewind-file"
          data-path={file.path}
          data-outcome={file.outcome}
        >
          <span className={`change-kind rewind-${file.outcome}`}>{REWIND_OUTCOME_LABELS[file.outcome]}</span>{" "}
          <code className="change-path">{file.path}</code>{" "}
          <span className="diffstat">
            {file.additions !== undefined && <span className="diff-add-count">+{file.additions}</span>}{" "}
            {file.deletions !== undefined && <span className="diff-remove-count">−{file.deletions}</span>}
          </span>
          {file.reason !== undefined && <p className="muted rewind-reason">{file.reason}</p>}
        </li>
      ))}
    </ul>
  );
}
