import type { WorkflowExecutionData } from "@parley/protocol";
import { type ChatMessage, readWorkflowExecution } from "@parley/sdk";

/** The chat messages each step of each workflow produced, by execution id, then step id. */
export type WorkflowStepMessages = ReadonlyMap<string, ReadonlyMap<string, readonly ChatMessage[]>>;

const CALL_KINDS = new Set(["ToolRequest", "ToolResult", "MCPToolRequest", "MCPToolResult"]);

/**
 * Splits a session's messages into those the chat shows as rows and those that belong to a step of a
 * workflow whose card is in the chat: a tool or shell step's own call cards (its approval and result,
 * `toolu_<execution>.<step>.<attempt>`) and an agent step's turns (its prompt and the agent's answer).
 * Those are shown inside the workflow card, under their step, so each step does not add rows below a
 * progress card that scrolls away.
 */
export function foldWorkflowMessages(messages: readonly ChatMessage[]): {
  rows: readonly ChatMessage[];
  steps: WorkflowStepMessages;
} {
  const owners = new Map<string, { execution: string; step: string }>();
  const callPrefixes: { prefix: string; execution: string; step: string }[] = [];
  for (const execution of workflowCards(messages)) {
    for (const step of execution.steps ?? []) {
      const owner = { execution: execution.execution_id, step: step.id };
      for (const runId of step.agent_run_ids ?? []) owners.set(runId, owner);
      callPrefixes.push({ prefix: `toolu_${execution.execution_id}.${step.id}.`, ...owner });
    }
  }
  if (owners.size === 0 && callPrefixes.length === 0) return { rows: messages, steps: new Map() };
  const rows: ChatMessage[] = [];
  const steps = new Map<string, Map<string, ChatMessage[]>>();
  for (const message of messages) {
    const owner =
      (message.runId === undefined ? undefined : owners.get(message.runId)) ??
      callOwner(message, callPrefixes);
    if (owner === undefined) {
      rows.push(message);
      continue;
    }
    const byStep = steps.get(owner.execution) ?? new Map<string, ChatMessage[]>();
    steps.set(owner.execution, byStep);
    byStep.set(owner.step, [...(byStep.get(owner.step) ?? []), message]);
  }
  return { rows, steps };
}

/** Whether one of the step's messages waits for a person: a call card pending approval. */
export function waitsForApproval(messages: readonly ChatMessage[]): boolean {
  return messages.some(
    (message) =>
      (message.activityItems ?? []).some((item) => item.state === "waiting") ||
      (message.cards ?? []).some(
        (card) =>
          (card.rich.kind === "ToolRequest" || card.rich.kind === "MCPToolRequest") &&
          (card.rich.data as { approval_status?: unknown } | undefined)?.approval_status === "Pending",
      ),
  );
}

function workflowCards(messages: readonly ChatMessage[]): WorkflowExecutionData[] {
  const found: WorkflowExecutionData[] = [];
  for (const message of messages) {
    for (const card of message.cards ?? []) {
      if (card.rich.kind !== "WorkflowExecution") continue;
      const execution = readWorkflowExecution(card.rich.data);
      if (execution !== undefined) found.push(execution);
    }
  }
  return found;
}

/** The step whose own call a message outside any run is a card of (its approval or its result). */
function callOwner(
  message: ChatMessage,
  prefixes: readonly { prefix: string; execution: string; step: string }[],
): { execution: string; step: string } | undefined {
  if (message.runId !== undefined || message.role !== "agent") return undefined;
  const [card, ...others] = message.cards ?? [];
  if (card === undefined || others.length > 0 || !CALL_KINDS.has(card.rich.kind)) return undefined;
  const toolUseId = (card.rich.data as { tool_use_id?: unknown } | undefined)?.tool_use_id;
  if (typeof toolUseId !== "string") return undefined;
  return prefixes.find((candidate) => toolUseId.startsWith(candidate.prefix));
}
