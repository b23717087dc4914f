import type { ModelConfig } from "../config/model-config.ts";
import { lookupModelInfo } from "../providers/model-catalog.ts";

/** What `shouldCompact` weighs: the conversation's size, the model's window and the share that may fill. */
export interface ShouldCompactOptions {
  estimatedTokens: number;
  contextWindow: number;
  /** The share of the window the conversation may fill before it is compacted (default 0.8). */
  threshold?: number;
}

/** True once the conversation fills `threshold` of the context window (false for an unknown window). */
export function shouldCompact({
  estimatedTokens,
  contextWindow,
  threshold = 0.8,
}: ShouldCompactOptions): boolean {
  if (!(contextWindow > 0) || !(threshold > 0)) return false;
  return estimatedTokens >= contextWindow * Math.min(threshold, 1);
}

/** The model's context window in tokens when the catalog knows it; `undefined` for local and unknown models. */
export function contextWindowFor(model: ModelConfig): number | undefined {
  return lookupModelInfo(model.kind, model.model)?.contextWindow;
}
