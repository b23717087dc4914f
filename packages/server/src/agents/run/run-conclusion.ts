import type { StoredMessage } from "@parley/protocol";
import type { Store } from "../../store/store.ts";
import type { MessageScope } from "../context/message-publisher.ts";
import type { RunContext } from "../context/run-context.ts";
import { settleOpenToolCalls } from "../conversation/conversation-repair.ts";
import { waitingToolUseIds } from "../conversation/open-interactions.ts";
import { finalTextCard } from "./final-text-card.ts";

/**
 * Inside a run's last transaction: calls still waiting for a person (the server is stopping) stay open in
 * the conversation, so they are carried out once answered; every other call without a result is closed
 * as interrupted, so the conversation is always valid to send.
 */
export function settleOpenCalls(store: Store, sessionId: string, agentId: string): void {
  const history = store.conversation.history(sessionId, agentId);
  const repaired = settleOpenToolCalls(history, waitingToolUseIds(store, sessionId, agentId));
  if (repaired !== undefined) store.conversation.replace(sessionId, agentId, repaired);
}

/**
 * Inside a successful run's last transaction: the agent's final text message becomes a Plan card (a JSON
 * plan in plan mode) or a Question card (a JSON question), in place, so the chat shows one message.
 */
export function showFinalTextCard(
  context: RunContext,
  scope: MessageScope & { runId: string },
  planMode: boolean,
): void {
  const last = context.store.messages
    .byRun(scope.runId)
    .filter(
      (message): message is StoredMessage =>
        message.agent_id === scope.agentId && message.role === "assistant" && message.rich.kind === "Text",
    )
    .at(-1);
  if (last === undefined) return;
  const card = finalTextCard(String((last.rich.data as { text?: unknown }).text ?? ""), planMode);
  if (card?.kind === "Plan") context.plans.propose(last, card.data);
  else if (card?.kind === "Question")
    context.questions.ask({ scope, questions: [card.question], source: "text", messageId: last.id });
}
