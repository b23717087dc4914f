import {
  type AgentTurnOptions,
  type CompactionResult,
  compactBoundaryFor,
  compactConversation,
  contextWindowFor,
  estimateTokens,
  type ModelConfig,
  shouldCompact,
} from "@parley/engine";
import type { MessageParam } from "@parley/protocol";
import type { EventBus } from "../../bus/event-bus.ts";
import type { Store } from "../../store/store.ts";
import type { CompactionSettings } from "../context/compaction-settings.ts";
import type { MessagePublisher } from "../context/message-publisher.ts";

export type { CompactionSettings } from "../context/compaction-settings.ts";
export { DEFAULT_COMPACTION } from "../context/compaction-settings.ts";

/** What a compaction needs. */
export interface CompactionContext {
  store: Store;
  bus: EventBus;
  publisher: MessagePublisher;
  projectRoot: string;
  now: () => number;
  settings: CompactionSettings;
  turnDefaults?: Partial<AgentTurnOptions> | undefined;
}

/** One compaction to carry out. */
export interface CompactionRequest {
  sessionId: string;
  agentId: string;
  runId: string;
  model: ModelConfig;
  trigger: "auto" | "manual";
  instructions?: string | undefined;
  signal: AbortSignal;
}

/** A compaction that was applied: the marker message and the sizes before and after. */
export interface AppliedCompaction {
  messageId: string;
  result: CompactionResult;
}

/**
 * Compacts an agent's stored conversation: the model summarizes the older part (outside any transaction),
 * then one transaction replaces the conversation, stores a SystemControl `compact` message where it
 * happened, records the `compact_boundary` SDK message with the run, and publishes the message and a
 * ContextUsage event marked `compressed`. Undefined when there was too little to compact.
 */
export async function compactAgentConversation(
  context: CompactionContext,
  request: CompactionRequest,
): Promise<AppliedCompaction | undefined> {
  const { store, bus, publisher, projectRoot } = context;
  const started = context.now();
  const history = store.conversation.history(request.sessionId, request.agentId);
  const defaults = context.turnDefaults ?? {};
  const result = await compactConversation({
    history,
    model: request.model,
    keepRecent: context.settings.keepRecent,
    signal: request.signal,
    ...(request.instructions !== undefined && { instructions: request.instructions }),
    ...(defaults.createModel && { createModel: defaults.createModel }),
    ...(defaults.retry && { retry: defaults.retry }),
    ...(defaults.sleep && { sleep: defaults.sleep }),
  });
  if (result.summarizedMessages === 0) return undefined;
  return store.transaction(() => {
    store.conversation.replace(request.sessionId, request.agentId, result.history);
    const durationMs = context.now() - started;
    store.runs.appendMessage(
      request.runId,
      compactBoundaryFor(result, { trigger: request.trigger, sessionId: request.sessionId, durationMs }),
    );
    const messageId = publisher.append(
      { sessionId: request.sessionId, agentId: request.agentId, runId: request.runId },
      "system",
      {
        kind: "SystemControl",
        data: {
          action: "compact",
          reason:
            request.trigger === "auto"
              ? "the conversation neared the model's context window"
              : "compaction was requested",
          details: {
            trigger: request.trigger,
            pre_tokens: result.preTokens,
            post_tokens: result.postTokens,
            summarized_messages: result.summarizedMessages,
            summary: result.summary,
          },
        },
      },
      `Conversation compacted: about ${result.preTokens} → ${result.postTokens} tokens`,
    );
    bus.publish({
      type: "ContextUsage",
      agent_id: request.agentId,
      message_count: result.history.length,
      estimated_tokens: result.postTokens,
      compressed: true,
      pre_tokens: result.preTokens,
      trigger: request.trigger,
      message_id: messageId,
      run_id: request.runId,
      session_id: request.sessionId,
      project_root: projectRoot,
    });
    return { messageId, result };
  });
}

/**
 * Before a turn: compacts the stored conversation (with the new prompt counted) when it fills the
 * configured share of the model's context window. A failed summary does not stop the turn: the provider
 * says so if the conversation no longer fits. Models whose window is unknown are never compacted.
 */
export async function compactBeforeTurn(
  context: CompactionContext,
  request: Omit<CompactionRequest, "trigger" | "instructions"> & {
    prompt: MessageParam["content"];
    systemPrompt?: string | undefined;
  },
): Promise<void> {
  const contextWindow = contextWindowFor(request.model);
  if (contextWindow === undefined) return;
  const history = context.store.conversation.history(request.sessionId, request.agentId);
  const estimatedTokens = estimateTokens(
    [...history, { role: "user", content: request.prompt }],
    request.systemPrompt,
  );
  if (!shouldCompact({ estimatedTokens, contextWindow, threshold: context.settings.threshold })) return;
  try {
    await compactAgentConversation(context, { ...request, trigger: "auto" });
  } catch (error) {
    if (request.signal.aborted) throw error;
    console.error("parley: automatic compaction failed:", error instanceof Error ? error.message : error);
  }
}
