import type { ChatMessage } from "@parley/sdk";
import { createContext, type ReactNode, useContext } from "react";
import type { WorkflowStepMessages } from "./fold-workflow-messages.ts";

/**
 * What a workflow card needs from the chat around it: the messages its steps produced (shown inside it
 * instead of as rows of their own), how the chat renders a message, and a way to say whether the card's
 * header is in view (the chat pins the progress at the bottom while it is not).
 */
export interface WorkflowFold {
  steps: WorkflowStepMessages;
  renderMessage: (message: ChatMessage) => ReactNode;
  onHeaderInView: (executionId: string, inView: boolean) => void;
}

/** Provided by the chat's message list; a card outside a chat (none today) shows its steps alone. */
export const WorkflowFoldContext = createContext<WorkflowFold | undefined>(undefined);

/** The chat's fold for the card of this execution, if it is in a chat. */
export function useWorkflowFold(): WorkflowFold | undefined {
  return useContext(WorkflowFoldContext);
}
