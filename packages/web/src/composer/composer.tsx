import type { MessageAttachment } from "@parley/protocol";
import { apiMessage, useChatActions, useChatStore } from "@parley/react";
import { ParleyClient, parseStructureCommand, parseWorkflowCommand } from "@parley/sdk";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { navigate } from "../app/use-route.ts";
import {
  isWorkflowFile,
  startWorkflow,
  useWorkflowDefinitions,
} from "../workflows/use-workflow-definitions.ts";
import { WorkflowSuggestions } from "../workflows/workflow-suggestions.tsx";
import { McpPromptSuggestions, useMcpPrompts } from "./mcp-prompt-suggestions.tsx";
import {
  PendingAttachments,
  type StructureLoader,
  StructureSuggestion,
  useStructureAttachments,
} from "./structure-attachments.tsx";

const defaultClient = new ParleyClient();

/**
 * The message box. Enter sends and Shift+Enter adds a line, except while an input method is composing
 * (Enter then confirms the composition). While the agent works, sending queues the message and a Stop
 * button (or Esc) cancels the run explicitly. `/structure [tree|files|dependencies] [path]` attaches the
 * project's structure as a card to the message being written, instead of sending anything.
 */
export function Composer({ client = defaultClient }: { client?: StructureLoader }) {
  const actions = useChatActions();
  const busy = useChatStore((state) => state.session?.busy === true);
  const [text, setText] = useState("");
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const structures = useStructureAttachments(client);
  const canSend = (text.trim() !== "" || structures.attachments.length > 0) && !structures.attaching;
  const sessionId = useChatStore((state) => state.activeSessionId);
  const workflows = useWorkflowDefinitions(text.trimStart().startsWith("/"));
  const mcpPrompts = useMcpPrompts(text.trimStart().startsWith("/"));
  const [workflowError, setWorkflowError] = useState<string | undefined>();

  const send = () => {
    if (!canSend) return;
    const sent = text;
    const structure = parseStructureCommand(sent);
    if (structure !== undefined) {
      // The card joins the message being written; the line stays when the project cannot be read.
      void structures.attach(structure).then((attached) => {
        if (attached) setText((current) => (current === sent ? "" : current));
      });
      return;
    }
    setText("");
    textareaRef.current?.focus();
    // `/name key=value …` naming a workflow starts it in this session instead of sending a message (the
    // definitions are asked for when the list is not loaded yet: a fast typist is not sent to the agent).
    const command = parseWorkflowCommand(sent);
    if (command !== undefined) {
      setWorkflowError(undefined);
      void isWorkflowFile(command.name, workflows).then((found) => {
        if (!found) return sendMessage(sent);
        return startWorkflow(command.name, sessionId, command.inputs).then(
          (view) => {
            if (sessionId === undefined) navigate({ page: "chat", sessionId: view.session_id });
          },
          (error: unknown) => {
            setWorkflowError(apiMessage(error));
            setText((current) => (current === "" ? sent : current));
          },
        );
      });
      return;
    }
    sendMessage(sent, structures.attachments);
  };

  const sendMessage = (sent: string, attachments: MessageAttachment[] = []) => {
    const errorBefore = actions.getSnapshot().error;
    structures.replace([]);
    const sending =
      attachments.length === 0 ? actions.sendMessage(sent) : actions.sendMessage(sent, { attachments });
    void sending.then(() => {
      // A failed send leaves its error in the store; give the text (and cards) back unless something new
      // was typed.
      const errorAfter = actions.getSnapshot().error;
      if (errorAfter !== undefined && errorAfter !== errorBefore) {
        setText((current) => (current === "" ? sent : current));
        structures.replace((current) => (current.length === 0 ? attachments : current));
      }
    });
  };

  const stop = () => {
    void actions.stopRun();
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
      <WorkflowSuggestions text={text} list={workflows} onChoose={setText} />
      <McpPromptSuggestions text={text} prompts={mcpPrompts} onChoose={setText} />
      <StructureSuggestion text={text} onChoose={setText} />
      {workflowError !== undefined && (
        <p className="workflow-error" role="alert" data-testid="workflow-start-error">
          {workflowError}
        </p>
      )}
      {structures.error !== undefined && (
        <p className="workflow-error" role="alert" data-testid="structure-error">
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
            onClick={stop}
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
