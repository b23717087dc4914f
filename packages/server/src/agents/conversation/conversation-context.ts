import {
  decodeRichMessage,
  type MessageParam,
  type ModelTextOptions,
  richMessageToModelText,
  type StoredMessage,
} from "@parley/protocol";
import type { Store } from "../../store/store.ts";

/** How the model is told that what follows was added to the conversation by someone else. */
export const CONVERSATION_CONTEXT_HEADER =
  "[Added to this conversation since your last turn, by the person or by Parley, not by you:]";

/**
 * Kinds that only tell the UI about state the model already gets another way: a permission mode change
 * (the turn's instructions say the mode) and progress notes.
 */
const NOT_FOR_THE_MODEL: ReadonlySet<string> = new Set(["SystemControl", "Processing"]);

/** Limits for each message's text, so one large card cannot crowd out the conversation. */
const MODEL_TEXT_LIMITS: ModelTextOptions = { maxPayloadChars: 4_000, maxStructureEntries: 200 };

/**
 * The rich messages of an agent's conversation the model has not seen: those no run produced (a
 * ProjectStructure someone shared, a workflow's progress card, an MCP result of a workflow step) stored
 * after the start of the agent's previous run and before this run's first message. Each is delivered
 * once, with the run that follows it.
 */
export function unseenContextMessages(
  store: Store,
  scope: { sessionId: string; agentId: string; runId: string },
): StoredMessage[] {
  const first = store.messages.byRun(scope.runId)[0];
  if (first === undefined) return [];
  const previous = store.runs
    .listBySession(scope.sessionId)
    .filter(
      (run) =>
        run.agent_id === scope.agentId &&
        run.parent_run_id === null &&
        run.id !== scope.runId &&
        run.started_at_ms <= first.created_at_ms,
    )
    .at(-1);
  const after = previous === undefined ? -1 : (store.messages.byRun(previous.id)[0]?.position ?? -1);
  return store.messages
    .outsideRuns(scope.sessionId, scope.agentId, after, first.position)
    .filter((message) => !NOT_FOR_THE_MODEL.has(message.rich.kind));
}

/** Each stored rich message as the model reads it (`richMessageToModelText`); undecodable ones are skipped. */
export function contextText(messages: readonly StoredMessage[]): string | undefined {
  const texts = messages.flatMap((message) => {
    const decoded = decodeRichMessage(message.rich);
    return decoded.success ? [richMessageToModelText(decoded.value, MODEL_TEXT_LIMITS)] : [];
  });
  return texts.length === 0 ? undefined : [CONVERSATION_CONTEXT_HEADER, ...texts].join("\n\n");
}

/** The prompt with the unseen context in front of it, as one user message. */
export function withConversationContext(
  prompt: MessageParam["content"],
  text: string | undefined,
): MessageParam["content"] {
  if (text === undefined) return prompt;
  const blocks = typeof prompt === "string" ? [{ type: "text" as const, text: prompt }] : prompt;
  return [{ type: "text", text }, ...blocks];
}
