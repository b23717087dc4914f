/**
 * In place of the message box on an editor's thread (a session of `parley acp`): the editor owns it, so
 * this view follows it and cannot send to it.
 */
export function EditorThreadNote() {
  return (
    <p className="muted editor-thread-note" data-testid="editor-thread-note" role="note">
      This is an editor's thread over ACP: continue it in your editor. It shows here as it goes.
    </p>
  );
}

/** The header's label on an editor's thread, in place of Parley's mode and model controls. */
export function EditorThreadLabel() {
  return (
    <span
      className="badge agent-cli-badge"
      data-testid="editor-thread-label"
      title="An editor drives this chat through parley acp; its approvals are answered in the editor."
    >
      Editor (ACP)
    </span>
  );
}
