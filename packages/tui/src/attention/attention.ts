import type { PlanData, ToolRequestData, WorkflowExecutionData } from "@parley/protocol";
import {
  type ChatMessage,
  isToolRequestKind,
  type MessageCard,
  planAwaitsDecision,
  type QuestionCard,
  readPlanCard,
  readQuestionCard,
  readToolRequest,
  readWorkflowExecution,
} from "@parley/sdk";

/** Something waiting for the person, shown with its keys above the message box. */
export type Attention =
  | { kind: "approval"; card: MessageCard; request: ToolRequestData; subagent?: string | undefined }
  | { kind: "question"; card: MessageCard; question: QuestionCard; subagent?: string | undefined }
  | { kind: "plan"; card: MessageCard; plan: PlanData }
  | { kind: "workflow"; card: MessageCard; execution: WorkflowExecutionData };

const WORKFLOW_ACTIVE = new Set(["Pending", "Running", "Paused", "Failed"]);

// Cards and messages are immutable: an unchanged one is never decoded again, so a streamed token costs
// nothing here however long the session.
const ofCard = new WeakMap<MessageCard, Attention | null>();
const ofMessage = new WeakMap<ChatMessage, Attention[]>();

function cardAttention(card: MessageCard): Attention | undefined {
  const cached = ofCard.get(card);
  if (cached !== undefined) return cached ?? undefined;
  const found = decode(card);
  ofCard.set(card, found ?? null);
  return found;
}

function decode(card: MessageCard): Attention | undefined {
  const { kind, data } = card.rich;
  if (isToolRequestKind(kind)) {
    const request = readToolRequest(data);
    if (request?.approval_id !== undefined && request.approval_status === "Pending")
      return { kind: "approval", card, request };
    return undefined;
  }
  if (kind === "Question") {
    const question = readQuestionCard(data);
    if (question?.question_id !== undefined && (question.status ?? "pending") === "pending")
      return { kind: "question", card, question };
    return undefined;
  }
  if (kind === "Plan") {
    const plan = readPlanCard(data);
    return plan !== undefined && planAwaitsDecision(plan) ? { kind: "plan", card, plan } : undefined;
  }
  if (kind === "WorkflowExecution") {
    const execution = readWorkflowExecution(data);
    return execution !== undefined && WORKFLOW_ACTIVE.has(execution.status)
      ? { kind: "workflow", card, execution }
      : undefined;
  }
  return undefined;
}

/** What one message waits on: its own cards, then its subagents' (named by their task). */
function messageAttention(message: ChatMessage): Attention[] {
  const cached = ofMessage.get(message);
  if (cached !== undefined) return cached;
  const found: Attention[] = [];
  for (const card of message.cards ?? []) {
    const attention = cardAttention(card);
    if (attention !== undefined) found.push(attention);
  }
  for (const entry of message.subagentTree ?? []) {
    for (const card of entry.cards ?? []) {
      const attention = cardAttention(card);
      if (attention?.kind === "approval" || attention?.kind === "question")
        found.push({ ...attention, subagent: entry.task });
    }
  }
  ofMessage.set(message, found);
  return found;
}

/**
 * Everything in a session that waits for the person, oldest first: approvals, questions (its subagents'
 * too), plans to decide, and workflows that can be paused, resumed, retried or cancelled. Interactions
 * that block the agent come before workflows.
 */
export function collectAttention(messages: readonly ChatMessage[]): Attention[] {
  const found = messages.flatMap(messageAttention);
  const blocking = found.filter((item) => item.kind !== "workflow");
  return [...blocking, ...found.filter((item) => item.kind === "workflow")];
}
