import { emptyUsage, type ModelUsage, type NonNullableUsage, type SDKResultMessage } from "@parley/protocol";
import type { ModelConfig } from "../config/model-config.ts";
import { costUsd, lookupModelInfo, type TokenCounts } from "../providers/model-catalog.ts";

/**
 * Adds up a turn's token usage, per model (`modelUsage`, camelCase as the CLI writes it, with the
 * cost at list price) and in total (`usage`, the snake_case `NonNullableUsage`).
 */
export class UsageTracker {
  private readonly total: NonNullableUsage = emptyUsage();
  private readonly perModel: Record<string, ModelUsage> = {};
  private cost = 0;

  /** Records one completed model response. */
  add(config: ModelConfig, tokens: TokenCounts & { reasoning: number }): void {
    const info = lookupModelInfo(config.kind, config.model);
    const responseCost = costUsd(info, tokens);
    this.cost += responseCost;
    this.total.input_tokens += tokens.input;
    this.total.output_tokens += tokens.output;
    this.total.cache_read_input_tokens = (this.total.cache_read_input_tokens ?? 0) + tokens.cacheRead;
    this.total.cache_creation_input_tokens =
      (this.total.cache_creation_input_tokens ?? 0) + tokens.cacheWrite;
    if (this.total.cache_creation) this.total.cache_creation.ephemeral_5m_input_tokens += tokens.cacheWrite;
    if (this.total.output_tokens_details)
      this.total.output_tokens_details.thinking_tokens += tokens.reasoning;

    const entry = this.perModel[config.model] ?? {
      inputTokens: 0,
      outputTokens: 0,
      cacheReadInputTokens: 0,
      cacheCreationInputTokens: 0,
      webSearchRequests: 0,
      costUSD: 0,
      contextWindow: info?.contextWindow ?? 0,
      maxOutputTokens: info?.maxOutputTokens ?? 0,
      thinkingTokens: 0,
      cacheCreationEphemeral5mInputTokens: 0,
      cacheCreationEphemeral1hInputTokens: 0,
      canonicalModel: config.model,
      provider: config.provider,
      costBasis: info ? "list" : "unknown",
    };
    this.perModel[config.model] = entry;
    entry.inputTokens += tokens.input;
    entry.outputTokens += tokens.output;
    entry.cacheReadInputTokens += tokens.cacheRead;
    entry.cacheCreationInputTokens += tokens.cacheWrite;
    entry.cacheCreationEphemeral5mInputTokens =
      (entry.cacheCreationEphemeral5mInputTokens ?? 0) + tokens.cacheWrite;
    entry.thinkingTokens = (entry.thinkingTokens ?? 0) + tokens.reasoning;
    entry.costUSD += responseCost;
  }

  /** Adds what a subagent's turn used (its `result`), so the parent's result covers the whole tree. */
  addTurn(result: SDKResultMessage): void {
    this.cost += result.total_cost_usd;
    const usage = result.usage;
    this.total.input_tokens += usage.input_tokens;
    this.total.output_tokens += usage.output_tokens;
    this.total.cache_read_input_tokens =
      (this.total.cache_read_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
    this.total.cache_creation_input_tokens =
      (this.total.cache_creation_input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0);
    if (this.total.cache_creation && usage.cache_creation) {
      this.total.cache_creation.ephemeral_5m_input_tokens += usage.cache_creation.ephemeral_5m_input_tokens;
      this.total.cache_creation.ephemeral_1h_input_tokens += usage.cache_creation.ephemeral_1h_input_tokens;
    }
    if (this.total.output_tokens_details && usage.output_tokens_details)
      this.total.output_tokens_details.thinking_tokens += usage.output_tokens_details.thinking_tokens;
    for (const [model, child] of Object.entries(result.modelUsage)) {
      const entry = this.perModel[model];
      if (!entry) {
        this.perModel[model] = structuredClone(child);
        continue;
      }
      entry.inputTokens += child.inputTokens;
      entry.outputTokens += child.outputTokens;
      entry.cacheReadInputTokens += child.cacheReadInputTokens;
      entry.cacheCreationInputTokens += child.cacheCreationInputTokens;
      entry.cacheCreationEphemeral5mInputTokens =
        (entry.cacheCreationEphemeral5mInputTokens ?? 0) + (child.cacheCreationEphemeral5mInputTokens ?? 0);
      entry.cacheCreationEphemeral1hInputTokens =
        (entry.cacheCreationEphemeral1hInputTokens ?? 0) + (child.cacheCreationEphemeral1hInputTokens ?? 0);
      entry.thinkingTokens = (entry.thinkingTokens ?? 0) + (child.thinkingTokens ?? 0);
      entry.webSearchRequests += child.webSearchRequests;
      entry.costUSD += child.costUSD;
    }
  }

  /** The cumulative usage for the `result` message. */
  get usage(): NonNullableUsage {
    return structuredClone(this.total);
  }

  /** Usage and cost per model id for the `result` message. */
  get modelUsage(): Record<string, ModelUsage> {
    return structuredClone(this.perModel);
  }

  /** The turn's total cost in USD. */
  get totalCostUsd(): number {
    return this.cost;
  }
}
