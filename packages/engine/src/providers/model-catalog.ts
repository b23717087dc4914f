import type { ProviderKind } from "../config/model-config.ts";

/** List prices in USD per million tokens. Cache prices are for Anthropic's 5-minute cache writes and reads. */
export interface ModelPrice {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** What Parley knows about a hosted model: its list price and its limits. */
export interface ModelInfo {
  price: ModelPrice;
  contextWindow: number;
  maxOutputTokens: number;
}

// Anthropic bills cache reads at 0.1x and 5-minute cache writes at 1.25x the input price.
const anthropic = (input: number, output: number, contextWindow: number, maxOutputTokens: number) => ({
  price: { input, output, cacheRead: input / 10, cacheWrite: input * 1.25 },
  contextWindow,
  maxOutputTokens,
});
// OpenAI bills cached input at its own rate and has no separate cache-write price.
const openai = (
  input: number,
  cached: number,
  output: number,
  contextWindow: number,
  maxOutputTokens: number,
) => ({
  price: { input, output, cacheRead: cached, cacheWrite: input },
  contextWindow,
  maxOutputTokens,
});

// Kept small on purpose: models whose list prices are published. claude-opus-5-5's price is the one
// Claude Code 2.1.330 itself reported (12 in + 5 out tokens = $0.000148). Unknown models cost 0.
const CATALOG: Record<"anthropic" | "openai", Record<string, ModelInfo>> = {
  anthropic: {
    "claude-opus-5-5": anthropic(4, 20, 1_000_000, 128_000),
    "claude-opus-4-8": anthropic(5, 25, 1_000_000, 128_000),
    "claude-opus-4-7": anthropic(5, 25, 1_000_000, 128_000),
    "claude-opus-4-6": anthropic(5, 25, 1_000_000, 128_000),
    "claude-sonnet-4-6": anthropic(3, 15, 1_000_000, 64_000),
    "claude-opus-4-5": anthropic(5, 25, 200_000, 64_000),
    "claude-sonnet-4-5": anthropic(3, 15, 200_000, 64_000),
    "claude-haiku-4-5": anthropic(1, 5, 200_000, 64_000),
    "claude-opus-4-1": anthropic(15, 75, 200_000, 32_000),
    "claude-sonnet-4": anthropic(3, 15, 200_000, 64_000),
  },
  openai: {
    "gpt-5.5": openai(5, 0.5, 30, 1_000_000, 128_000),
    "gpt-5.1": openai(1.25, 0.125, 10, 400_000, 128_000),
    "gpt-5": openai(1.25, 0.125, 10, 400_000, 128_000),
    "gpt-5-mini": openai(0.25, 0.025, 2, 400_000, 128_000),
    "gpt-5-nano": openai(0.05, 0.005, 0.4, 400_000, 128_000),
    "gpt-4.1": openai(2, 0.5, 8, 1_047_576, 32_768),
    "gpt-4.1-mini": openai(0.4, 0.1, 1.6, 1_047_576, 32_768),
    "gpt-4o": openai(2.5, 1.25, 10, 128_000, 16_384),
    "gpt-4o-mini": openai(0.15, 0.075, 0.6, 128_000, 16_384),
  },
};

const DATED_SNAPSHOT = /^-\d{4}-?\d{2}-?\d{2}$/;

/**
 * Price and limits of a hosted model, matching dated snapshots to their alias
 * (`claude-haiku-4-5-20251001` → `claude-haiku-4-5`); `undefined` for local and unknown models.
 */
export function lookupModelInfo(kind: ProviderKind, model: string): ModelInfo | undefined {
  if (kind !== "anthropic" && kind !== "openai") return undefined;
  const table = CATALOG[kind];
  if (Object.hasOwn(table, model)) return table[model];
  const alias = Object.keys(table).find(
    (name) => model.startsWith(name) && DATED_SNAPSHOT.test(model.slice(name.length)),
  );
  return alias === undefined ? undefined : table[alias];
}

/** Token counts in Anthropic's sense: `input` excludes cache reads and writes. */
export interface TokenCounts {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** The cost in USD of the given tokens at a model's list price (0 when the price is unknown). */
export function costUsd(info: ModelInfo | undefined, tokens: TokenCounts): number {
  if (!info) return 0;
  const { price } = info;
  return (
    (tokens.input * price.input +
      tokens.output * price.output +
      tokens.cacheRead * price.cacheRead +
      tokens.cacheWrite * price.cacheWrite) /
    1_000_000
  );
}
