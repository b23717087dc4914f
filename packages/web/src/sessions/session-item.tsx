import type { AgentBackend, SessionSummary } from "@parley/protocol";
import { PencilIcon, TrashIcon, useChatActions } from "@parley/react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";

/** How the sidebar names the agent CLI that answers a session (Parley's own agent goes unnamed). */
const BACKEND_LABELS: Record<AgentBackend, string> = {
  parley: "Parley",
  "claude-code": "Claude Code",
  opencode: "OpenCode",
  codex: "Codex",
  gemini: "Gemini CLI",
};

/** The longest title the server accepts (`RenameSessionRequestSchema`). */
const MAX_TITLE_LENGTH = 200;

/** One session in the sidebar: opens on click, renames inline, deletes after a confirmation. */
export function SessionItem({
  session,
  active,
  onOpen,
}: {
  session: SessionSummary;
  active: boolean;
  onOpen: (sessionId: string) => void;
}) {
  const [mode, setMode] = useState<"view" | "rename" | "confirm-delete">("view");
  const title = session.title.trim() === "" ? "Untitled" : session.title;
  return (
    <li
      className={`session-item${active ? " session-item-active" : ""}`}
      data-testid="session-item"
      data-session-id={session.id}
      data-active={active ? "true" : "false"}
    >
      {mode === "rename" ? (
        <RenameField session={session} onDone={() => setMode("view")} />
      ) : (
        <button
          type="button"
          className="session-open"
          data-testid="session-open"
          aria-current={active ? "page" : undefined}
          onClick={() => onOpen(session.id)}
          title={title}
        >
          <span className="session-title" data-testid="session-title">
            {title}
          </span>
          {session.backend !== undefined && session.backend !== "parley" && (
            <span className="session-backend muted" data-testid="session-backend">
              {BACKEND_LABELS[session.backend]}
            </span>
          )}
        </button>
      )}
      {mode === "view" && (
        <span className="session-actions">
          <button
            type="button"
            className="icon-button"
            data-testid="session-rename"
            aria-label={`Rename session ${title}`}
            onClick={() => setMode("rename")}
          >
            <PencilIcon />
          </button>
          <button
            type="button"
            className="icon-button"
            data-testid="session-delete"
            aria-label={`Delete session ${title}`}
            onClick={() => setMode("confirm-delete")}
          >
            <TrashIcon />
          </button>
        </span>
      )}
      {mode === "confirm-delete" && (
        <DeleteConfirmation sessionId={session.id} title={title} onDone={() => setMode("view")} />
      )}
    </li>
  );
}

function RenameField({ session, onDone }: { session: SessionSummary; onDone: () => void }) {
  const actions = useChatActions();
  const [value, setValue] = useState(session.title);
  const inputRef = useRef<HTMLInputElement>(null);
  const finished = useRef(false);
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const commit = () => {
    if (finished.current) return;
    finished.current = true;
    const title = value.trim();
    if (title !== "" && title !== session.title) void actions.renameSession(session.id, title);
    onDone();
  };
  const cancel = () => {
    finished.current = true;
    onDone();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === "Enter") {
      event.preventDefault();
      commit();
    } else if (event.key === "Escape") {
      event.preventDefault();
      cancel();
    }
  };
  return (
    <input
      ref={inputRef}
      className="session-rename-input"
      data-testid="session-rename-input"
      aria-label="Session title"
      value={value}
      maxLength={MAX_TITLE_LENGTH}
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={commit}
    />
  );
}

function DeleteConfirmation({
  sessionId,
  title,
  onDone,
}: {
  sessionId: string;
  title: string;
  onDone: () => void;
}) {
  const actions = useChatActions();
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    cancelRef.current?.focus();
  }, []);
  return (
    <div
      className="session-confirm"
      role="alertdialog"
      aria-label={`Delete ${title}?`}
      data-testid="session-delete-dialog"
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          event.stopPropagation();
          onDone();
        }
      }}
    >
      <p>Delete “{title}”? Its messages are removed for good.</p>
      <div className="session-confirm-actions">
        <button
          type="button"
          className="button button-danger"
          data-testid="session-delete-confirm"
          onClick={() => {
            onDone();
            void actions.deleteSession(sessionId);
          }}
        >
          Delete
        </button>
        <button
          type="button"
          className="button"
          data-testid="session-delete-cancel"
          ref={cancelRef}
          onClick={onDone}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}
