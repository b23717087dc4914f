import type { MessageAttachment } from "@parley/protocol";
import { apiMessage, type ParleyClient, readStructureAttachment, type StructureCommand } from "@parley/sdk";
import { useCallback, useMemo, useRef, useState } from "react";

/** The cards attached to the message being written, and how they are added, removed and taken to send. */
export interface Attachments {
  readonly list: readonly MessageAttachment[];
  /** True while a `/structure` read is on its way. */
  readonly attaching: boolean;
  /** Why the last `/structure` could not be read, until the next one. */
  readonly error: string | undefined;
  /** Reads the structure a `/structure` line names and attaches it; false (with `error`) when it failed. */
  attach(command: StructureCommand): Promise<boolean>;
  /** Attaches a structure already read (the Project view's). */
  add(attachment: MessageAttachment): void;
  /** Forgets why the last `/structure` failed (the line it was about was changed). */
  dismissError(): void;
  /** Removes the last one attached (Backspace in an empty message box). */
  removeLast(): void;
  /** Empties the list and returns what it held, for the message being sent. */
  take(): MessageAttachment[];
  /** Puts cards back (a send that failed), unless new ones were attached meanwhile. */
  giveBack(attachments: readonly MessageAttachment[]): void;
}

/**
 * The terminal's half of the web composer's structure attachments: `/structure` and the Project view add
 * cards, shown above the message box until the message is sent with them (or they are removed).
 */
export function useAttachments(client: Pick<ParleyClient, "getProjectStructure">): Attachments {
  const [list, setList] = useState<MessageAttachment[]>([]);
  const [attaching, setAttaching] = useState(false);
  const [error, setError] = useState<string | undefined>();
  // Read synchronously by `take`, so a message sent in the same tick as an attach carries it.
  const current = useRef<MessageAttachment[]>([]);
  const replace = useCallback((next: MessageAttachment[]) => {
    current.current = next;
    setList(next);
  }, []);

  const attach = useCallback(
    async (command: StructureCommand) => {
      setAttaching(true);
      setError(undefined);
      try {
        const structure = await readStructureAttachment(client, command);
        replace([...current.current, structure]);
        return true;
      } catch (failure) {
        setError(`Could not read the project: ${apiMessage(failure)}`);
        return false;
      } finally {
        setAttaching(false);
      }
    },
    [client, replace],
  );

  return useMemo(
    () => ({
      list,
      attaching,
      error,
      attach,
      add: (attachment) => {
        setError(undefined);
        replace([...current.current, attachment]);
      },
      dismissError: () => setError(undefined),
      removeLast: () => replace(current.current.slice(0, -1)),
      take: () => {
        const taken = current.current;
        replace([]);
        return taken;
      },
      giveBack: (attachments) => {
        if (current.current.length === 0) replace([...attachments]);
      },
    }),
    [list, attaching, error, attach, replace],
  );
}
