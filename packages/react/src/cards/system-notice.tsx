import type { SystemControlData } from "@parley/protocol";
import { compactionDetails, formatTokens, modeLabel, plural, SYSTEM_ACTION_WORDS } from "@parley/sdk";
import { useState } from "react";

/**
 * A session-level marker in the chat (a SystemControl message): where the conversation was compacted
 * (with the summary the agent now works from), a permission mode change, or another control action.
 */
export function SystemNotice({ control, messageId }: { control: SystemControlData; messageId: string }) {
  if (control.action === "compact") return <CompactionDivider control={control} messageId={messageId} />;
  if (control.action === "mode_change") {
    return (
      <div
        className="system-notice mode-change-notice"
        data-testid="mode-change-notice"
        data-message-id={messageId}
        data-mode={control.mode}
        role="note"
      >
        Permission mode: <strong>{modeLabel(control.mode ?? "")}</strong>
        {control.previous_mode !== undefined && (
          <span className="muted"> (was {modeLabel(control.previous_mode)})</span>
        )}
      </div>
    );
  }
  return (
    <div
      className="system-notice"
      data-testid="system-notice"
      data-action={control.action}
      data-message-id={messageId}
      role="note"
    >
      {SYSTEM_ACTION_WORDS[control.action]}
      {control.reason !== undefined && <span className="muted"> — {control.reason}</span>}
    </div>
  );
}

/** "Earlier messages were summarized — 875 → 65 tokens", with the summary behind a toggle. */
function CompactionDivider({ control, messageId }: { control: SystemControlData; messageId: string }) {
  const [open, setOpen] = useState(false);
  const details = compactionDetails(control);
  const sizes =
    details.pre_tokens !== undefined && details.post_tokens !== undefined
      ? ` — ${formatTokens(details.pre_tokens)} → ${formatTokens(details.post_tokens)} tokens`
      : "";
  return (
    <div
      className="compaction-divider"
      data-testid="compaction-divider"
      data-message-id={messageId}
      data-trigger={details.trigger}
      role="note"
    >
      <div className="compaction-line">
        <span>
          Earlier messages were summarized{sizes}
          {details.trigger === "auto" && (
            <span className="muted"> (automatically, near the context limit)</span>
          )}
          {details.summarized_messages !== undefined && (
            <span className="muted"> · {plural(details.summarized_messages, "message")} summarized</span>
          )}
        </span>
        {details.summary !== undefined && (
          <button
            type="button"
            className="link-button"
            data-testid="compaction-summary-toggle"
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {open ? "Hide summary" : "Show summary"}
          </button>
        )}
      </div>
      {open && details.summary !== undefined && (
        <div className="compaction-summary" data-testid="compaction-summary">
          {details.summary}
        </div>
      )}
    </div>
  );
}
