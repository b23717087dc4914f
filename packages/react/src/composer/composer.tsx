import type { MessageAttachment } from "@parley/protocol";
import { apiMessage, parseStructureCommand } from "@parley/sdk";
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useChatActions, useChatStore } from "../chat-store-context.tsx";
import {
  PendingAttachments,
  type StructureLoader,
  useStructureAttachments,
} from "./structure-attachments.tsx";

/** What the Composer lets an app add: suggestions for what is typed, and commands it handles itself. */
export interface ComposerProps {
  /**
   * The text in the box, for an app that needs it as it is typed (to offer suggestions); with
   * `onTextChange`. Without it the box keeps its own text.
   */
  text?: string;
  /** Called with each change of the text (typing, sending, a failed send giving it back). */
  onTextChange?: (text: string) => void;
  /** Shown above the box: command suggestions for what is typed, say. */
  suggestions?: ReactNode;
  /**
   * Looks at a line before it is sent. Return undefined when it is no command of the app's: it is sent as a
   * message. Otherwise return a promise that resolves true when the app handled it, false to send it as a
   * message after all, or rejects: the error is shown above the box and the text given back.
   */
  onCommand?: (text: string) => Promise<boolean> | undefined;
  /**
   * Whether the box shows why a send failed (default true). An app that already shows the store's error
   * (a banner) turns it off; the text comes back into the box either way.
   */
  showSendErrors?: boolean;
  /**
   * Reads the project's structure (a `ParleyClient`): with it, `/structure [tree|files|dependencies] [path]`
   * attaches the structure as a card to the message being written instead of sending anything. Without it
   * such a line is sent as text.
   */
  structureLoader?: StructureLoader;
}

/**
 * The message box. Enter sends and Shift+Enter adds a line, except while an input method is composing
 * (Enter then confirms the composition). While the agent works, sending queues the message and a Stop
 * button (or Esc) cancels the run explicitly. A send that fails gives its text (and attached cards) back.
 */
export function Composer({
  text: givenText,
  onTextChange,
  suggestions,
  onCommand,
  showSendErrors = true,
  structureLoader,
}: ComposerProps) {
  const actions = useChatActions();
  const busy = useChatStore((state) => state.session?.busy === true);
  const [ownText, setOwnText] = useState("");
  const text = givenText ?? ownText;
  // The text as last rendered, for a send that fails after the person typed on.
  const latestText = useRef(text);
  latestText.current = text;
  const setText = (next: string) => {
    latestText.current = next;
    setOwnText(next);
    onTextChange?.(next);
  };
  const [error, setError] = useState<string | undefined>();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const structures = useStructureAttachments(structureLoader);
  const canSend = (text.trim() !== "" || structures.attachments.length > 0) && !structures.attaching;

  // A line that did not go through comes back, unless something new was typed meanwhile.
  const giveBack = (sent: string) => {
    if (latestText.current === "") setText(sent);
  };

  const sendMessage = (sent: string) => {
    const errorBefore = actions.getSnapshot().error;
    const attachments = structures.attachments;
    structures.replace([]);
    const sending =
      attachments.length === 0 ? actions.sendMessage(sent) : actions.sendMessage(sent, { attachments });
    void sending.then(() => {
      // A failed send leaves its error in the store.
      const errorAfter = actions.getSnapshot().error;
      if (errorAfter !== undefined && errorAfter !== errorBefore) {
        if (showSendErrors) setError(errorAfter);
        giveBack(sent);
        structures.replace((current: MessageAttachment[]) => (current.length === 0 ? attachments : current));
      }
    });
  };

  const send = () => {
    if (!canSend) return;
    const sent = text;
    const structure = structureLoader === undefined ? undefined : parseStructureCommand(sent);
    if (structure !== undefined) {
      // The card joins the message being written; the line stays when the project cannot be read.
      void structures.attach(structure).then((attached) => {
        if (attached && latestText.current === sent) setText("");
      });
      return;
    }
    setText("");
    setError(undefined);
    textareaRef.current?.focus();
    const command = onCommand?.(sent);
    if (command === undefined) return sendMessage(sent);
    void command.then(
      (handled) => {
        if (!handled) sendMessage(sent);
      },
      (failure: unknown) => {
        setError(apiMessage(failure));
        giveBack(sent);
      },
    );
  };

  useEffect(() => {
    if (!busy) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented || event.isComposing) return;
      // An open dialog or menu takes Esc for itself.
      if (document.querySelector("[role=dialog], [role=alertdialog], [aria-modal=true]") !== null) return;
      event.preventDefault();
      void actions.stopRun();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [busy, actions]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey) return;
    // keyCode 229 is what some browsers (Safari) report for the Enter that ends an IME composition.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    send();
  };

  return (
    <form
      className="composer"
      data-testid="composer-form"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {suggestions !== undefined && <div className="composer-above">{suggestions}</div>}
      {error !== undefined && (
        <p className="composer-error" role="alert" data-testid="composer-error">
          {error}
        </p>
      )}
      {structures.error !== undefined && (
        <p className="composer-error" role="alert" data-testid="structure-error">
          {structures.error}
        </p>
      )}
      <PendingAttachments attachments={structures.attachments} onRemove={structures.remove} />
      <label htmlFor="composer-input" className="visually-hidden">
        Message
      </label>
      <textarea
        id="composer-input"
        ref={textareaRef}
        data-testid="composer"
        className="composer-input"
        value={text}
        rows={Math.min(8, Math.max(1, text.split("\n").length))}
        placeholder={busy ? "Queue a message for the agent" : "Message Parley"}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby="composer-hint"
      />
      <span id="composer-hint" className="visually-hidden">
        Enter sends, Shift+Enter adds a new line{busy ? ", Escape stops the agent" : ""}.
      </span>
      <div className="composer-actions">
        {busy && (
          <button
            type="button"
            className="button button-danger"
            data-testid="stop"
            onClick={() => void actions.stopRun()}
            title="Stop (Esc)"
          >
            Stop
          </button>
        )}
        <button
          type="submit"
          className="button button-primary"
          data-testid="send"
          disabled={!canSend}
          title={busy ? "Queue this message" : "Send (Enter)"}
        >
          {busy ? "Queue" : "Send"}
        </button>
      </div>
    </form>
  );
}
