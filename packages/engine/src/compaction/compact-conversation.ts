import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { MessageParam, SDKResultMessage } from "@parley/protocol";
import type { ModelConfig } from "../config/model-config.ts";
import type { RetryPolicy } from "../loop/retry-policy.ts";
import { runAgentTurn } from "../loop/run-agent-turn.ts";
import { abortError } from "../util/abort.ts";
import { CompactionError } from "./compaction-error.ts";
import { conversationTranscript } from "./conversation-transcript.ts";
import { estimateTextTokens, estimateTokens } from "./estimate-tokens.ts";
import { splitForCompaction } from "./split-for-compaction.ts";

/** What `compactConversation` needs: the history, the model that writes the summary, and limits. */
export interface CompactConversationOptions {
  history: readonly MessageParam[];
  model: ModelConfig;
  /** The summary request's system prompt (default `COMPACTION_SYSTEM_PROMPT`). */
  systemPrompt?: string;
  /** At least this many of the latest messages stay verbatim (default 4); the cut never splits a tool call. */
  keepRecent?: number;
  /** What the summary should focus on, like Claude Code's `/compact <instructions>`. */
  instructions?: string;
  /** The conversation's size as the provider reported it (the last request's tokens); estimated when absent. */
  contextTokens?: number;
  signal: AbortSignal;
  /** Builds the language model for a config (default `createLanguageModel`). */
  createModel?: (config: ModelConfig) => LanguageModelV3;
  retry?: Partial<RetryPolicy>;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** A compacted conversation: the new history, the summary in it, and the sizes before and after. */
export interface CompactionResult {
  /** The summary as a user message, then the kept messages verbatim; the old history when nothing was summarized. */
  history: MessageParam[];
  summary: string;
  /** How many of the old messages the summary replaced (0: nothing to compact, no model call made). */
  summarizedMessages: number;
  preTokens: number;
  postTokens: number;
}

/** The summary request's default system prompt. */
export const COMPACTION_SYSTEM_PROMPT =
  "You summarize conversations between a user and an AI agent that works in a software project, so the agent can continue the work from your summary alone. You are precise: you keep file paths, names, commands, numbers and the user's exact requirements, and you never invent anything.";

/** How the summary message in a compacted history starts. */
export const COMPACTION_SUMMARY_PREFIX =
  "This conversation was compacted to fit the model's context window. The summary below replaces the earlier messages; the most recent messages follow it unchanged.";

const SUMMARY_REQUEST = `Summarize the conversation below. Your summary will replace these messages, so the agent must be able to continue the work from it alone. Cover:
1. What the user asked for, every requirement, preference and correction they gave (quote them where the wording matters).
2. The decisions taken and why.
3. The files, functions and commands involved, with exact paths and names, and what was changed.
4. Errors met and how they were resolved.
5. What is done, what is in progress, and what remains to do next.
Answer with the summary only, in markdown, without a preamble.`;

/**
 * Replaces the older part of a conversation with a summary the model writes (one request through the
 * usual provider path, retries included), keeping the latest messages verbatim. Token counts are
 * estimates (characters / 4), except `contextTokens` when given and the summary's own output tokens when
 * the provider reports them. Throws `CompactionError` when no summary comes back, `AbortError` when aborted.
 */
export async function compactConversation(options: CompactConversationOptions): Promise<CompactionResult> {
  const history = [...options.history];
  const preTokens = options.contextTokens ?? estimateTokens(history);
  const { summarized, kept } = splitForCompaction(history, options.keepRecent ?? 4);
  if (summarized.length === 0) {
    return { history, summary: "", summarizedMessages: 0, preTokens, postTokens: preTokens };
  }
  const result = await requestSummary(options, summarized);
  const summary = summaryText(result);
  const summaryMessage = compactionSummaryMessage(summary);
  const summaryTokens =
    result.usage.output_tokens > 0
      ? result.usage.output_tokens + estimateTextTokens(COMPACTION_SUMMARY_PREFIX)
      : estimateTokens([summaryMessage]);
  return {
    history: [summaryMessage, ...kept],
    summary,
    summarizedMessages: summarized.length,
    preTokens,
    postTokens: summaryTokens + estimateTokens(kept),
  };
}

/** The user message that stands for the summarized part of a compacted history. */
export function compactionSummaryMessage(summary: string): MessageParam {
  return {
    role: "user",
    content: [{ type: "text", text: `${COMPACTION_SUMMARY_PREFIX}\n\n<summary>\n${summary}\n</summary>` }],
  };
}

async function requestSummary(
  options: CompactConversationOptions,
  summarized: MessageParam[],
): Promise<SDKResultMessage> {
  const focus = options.instructions?.trim() ? `\n\nFocus especially on: ${options.instructions.trim()}` : "";
  const prompt = `${SUMMARY_REQUEST}${focus}\n\n<conversation>\n${conversationTranscript(summarized)}\n</conversation>`;
  let result: SDKResultMessage | undefined;
  for await (const message of runAgentTurn({
    sessionId: "compaction",
    history: [],
    prompt,
    model: options.model,
    systemPrompt: options.systemPrompt ?? COMPACTION_SYSTEM_PROMPT,
    cwd: ".",
    tools: [],
    maxTurns: 1,
    signal: options.signal,
    ...(options.createModel && { createModel: options.createModel }),
    ...(options.retry && { retry: options.retry }),
    ...(options.sleep && { sleep: options.sleep }),
  })) {
    if (message.type === "result") result = message;
  }
  if (options.signal.aborted) throw abortError(options.signal);
  if (!result) throw new CompactionError("The summary request ended without a result.");
  if (result.is_error) {
    const reason = result.subtype === "success" ? result.result : result.errors.join("; ");
    throw new CompactionError(`The summary request failed: ${reason}`);
  }
  return result;
}

function summaryText(result: SDKResultMessage): string {
  const text = result.subtype === "success" ? result.result : "";
  // Models asked for a summary sometimes wrap it in the tags the summary message uses.
  const tagged = /<summary>([\s\S]*?)<\/summary>/.exec(text);
  const summary = (tagged?.[1] ?? text).trim();
  if (summary === "") throw new CompactionError("The model wrote an empty summary.");
  return summary;
}
