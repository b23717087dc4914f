import type { WorkflowExecutionData } from "@parley/protocol";
import { type ChatMessage, readWorkflowExecution } from "@parley/sdk";
import { type ReactNode, useCallback, useMemo, useState } from "react";
import { foldWorkflowMessages, waitsForApproval } from "./fold-workflow-messages.ts";
import type { WorkflowFold } from "./workflow-fold-context.ts";

/** A workflow of the session that is going, and where its card is among the chat's rows. */
export interface LiveWorkflow {
  execution: WorkflowExecutionData;
  rowIndex: number;
  /** One of its steps waits for a person's approval. */
  waiting: boolean;
  /** Its card's header is on screen (no need to pin its progress). */
  headerInView: boolean;
}

/**
 * The chat's side of workflow cards: the rows to show (each step's messages folded into its workflow's
 * card), the fold the cards read, and the latest workflow still going, for the pinned progress.
 */
export function useChatWorkflows(
  messages: readonly ChatMessage[],
  renderMessage: (message: ChatMessage) => ReactNode,
): { rows: readonly ChatMessage[]; fold: WorkflowFold; live: LiveWorkflow | undefined } {
  const { rows, steps } = useMemo(() => foldWorkflowMessages(messages), [messages]);
  const [headersInView, setHeadersInView] = useState<ReadonlySet<string>>(() => new Set());
  const onHeaderInView = useCallback((executionId: string, inView: boolean) => {
    setHeadersInView((current) => {
      if (current.has(executionId) === inView) return current;
      const next = new Set(current);
      if (inView) next.add(executionId);
      else next.delete(executionId);
      return next;
    });
  }, []);
  const fold = useMemo(
    () => ({ steps, renderMessage, onHeaderInView }),
    [steps, renderMessage, onHeaderInView],
  );
  const live = useMemo(() => {
    for (let index = rows.length - 1; index >= 0; index--) {
      for (const card of rows[index]?.cards ?? []) {
        if (card.rich.kind !== "WorkflowExecution") continue;
        const execution = readWorkflowExecution(card.rich.data);
        if (execution === undefined || (execution.status !== "Running" && execution.status !== "Pending"))
          continue;
        const waiting = [...(steps.get(execution.execution_id)?.values() ?? [])].some(waitsForApproval);
        return { execution, rowIndex: index, waiting };
      }
    }
    return undefined;
  }, [rows, steps]);
  return {
    rows,
    fold,
    live: live && { ...live, headerInView: headersInView.has(live.execution.execution_id) },
  };
}
