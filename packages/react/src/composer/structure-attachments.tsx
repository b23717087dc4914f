import { attachmentLabel, type MessageAttachment } from "@parley/protocol";
import { apiMessage, type ParleyClient, readStructureAttachment, type StructureCommand } from "@parley/sdk";
import { useState } from "react";
import { ProjectStructureCard } from "../project-structure/project-structure-card.tsx";

/** Reads the project structure a `/structure` command names. */
export type StructureLoader = Pick<ParleyClient, "getProjectStructure">;

/**
 * The cards attached to the message being written: added by `/structure`, removable until it is sent.
 * Without a loader nothing can be attached (`attach` resolves false).
 */
export function useStructureAttachments(client: StructureLoader | undefined) {
  const [attachments, setAttachments] = useState<MessageAttachment[]>([]);
  const [attaching, setAttaching] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const attach = async (command: StructureCommand): Promise<boolean> => {
    if (client === undefined) return false;
    setAttaching(true);
    setError(undefined);
    try {
      const structure = await readStructureAttachment(client, command);
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
