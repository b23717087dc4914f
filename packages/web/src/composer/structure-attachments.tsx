import { attachmentLabel, type MessageAttachment } from "@parley/protocol";
import { apiMessage, ProjectStructureCard } from "@parley/react";
import { type ParleyClient, STRUCTURE_COMMAND_USAGE, type StructureCommand } from "@parley/sdk";
import { useState } from "react";

/** Entries an attached structure lists at most, so the message stays well inside the request size limit. */
const ATTACHED_ENTRIES = 2000;

/** Reads the project structure a `/structure` command names. */
export type StructureLoader = Pick<ParleyClient, "getProjectStructure">;

/** The cards attached to the message being written: added by `/structure`, removable until it is sent. */
export function useStructureAttachments(client: StructureLoader) {
  const [attachments, setAttachments] = useState<MessageAttachment[]>([]);
  const [attaching, setAttaching] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const attach = async (command: StructureCommand): Promise<boolean> => {
    setAttaching(true);
    setError(undefined);
    try {
      const structure = await client.getProjectStructure({
        type: command.type,
        maxEntries: ATTACHED_ENTRIES,
        ...(command.path !== undefined && { path: command.path }),
      });
      setAttachments((current) => [...current, structure]);
      return true;
    } catch (failure) {
      setError(`Could not read the project: ${apiMessage(failure)}`);
      return false;
    } finally {
      setAttaching(false);
    }
  };
  return {
    attachments,
    attaching,
    error,
    attach,
    remove: (index: number) => setAttachments((current) => current.filter((_, at) => at !== index)),
    /** Replaces the list: emptied when the message is sent, given back when sending failed. */
    replace: setAttachments,
  };
}

/** Above the message box: each attached card by name, to look at (unfolds to the card) or remove. */
export function PendingAttachments({
  attachments,
  onRemove,
}: {
  attachments: readonly MessageAttachment[];
  onRemove: (index: number) => void;
}) {
  if (attachments.length === 0) return null;
  return (
    <ul
      className="pending-attachments"
      data-testid="pending-attachments"
      aria-label="Attached to this message"
    >
      {attachments.map((attachment, index) => (
        <li
          key={`${attachment.data.structure_type}:${attachment.data.root_path}:${attachment.data.generated_at}`}
          data-testid="pending-attachment"
        >
          <details>
            <summary>
              {attachmentLabel(attachment)} <code>{attachment.data.root_path}</code>
            </summary>
            <ProjectStructureCard structure={attachment.data} />
          </details>
          <button
            type="button"
            className="button button-small"
            data-testid="remove-attachment"
            aria-label={`Remove ${attachmentLabel(attachment)}`}
            onClick={() => onRemove(index)}
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}

/** While a `/` line that could become `/structure` is typed: the command, with what it takes. */
export function StructureSuggestion({
  text,
  onChoose,
}: {
  text: string;
  onChoose: (command: string) => void;
}) {
  const typed = /^(\/\S*)$/.exec(text.trimStart())?.[1];
  if (typed === undefined || !"/structure".startsWith(typed)) return null;
  return (
    <ul className="workflow-suggestions" data-testid="structure-suggestion" aria-label="Parley commands">
      <li>
        <button type="button" className="workflow-suggestion" onClick={() => onChoose("/structure ")}>
          <strong>/structure</strong>
          <span className="muted">
            {" "}
            {STRUCTURE_COMMAND_USAGE.slice("/structure ".length)} — attach the project's tree, files or
            dependencies to your message
          </span>
        </button>
      </li>
    </ul>
  );
}
