import type { SharedV3ProviderOptions } from "@ai-sdk/provider";
import type { ProviderKind } from "../config/model-config.ts";

/** How hard the model thinks, as Claude Code's `--effort` names it. */
export const EFFORT_LEVELS = ["low", "medium", "high", "xhigh", "max"] as const;
export type EffortLevel = (typeof EFFORT_LEVELS)[number];

/**
 * How the model thinks and how much it spends, as Claude Code's `--max-thinking-tokens`, `--thinking`,
 * `--thinking-display`, `--effort` and `--task-budget` (and the SDK's `thinking`, `effort`, `taskBudget`) set it.
 */
export interface ReasoningSettings {
  thinking?: { type: "enabled"; budgetTokens: number } | { type: "adaptive" } | { type: "disabled" };
  /** What adaptive thinking shows: a summary, or nothing. */
  thinkingDisplay?: "summarized" | "omitted";
  effort?: EffortLevel;
  /** Tokens the model is told it has for the whole task. */
  taskBudgetTokens?: number;
}

/** Which of the settings a provider takes; the rest are named to the person, never dropped silently. */
const TAKEN: Record<ProviderKind, readonly (keyof ReasoningSettings)[]> = {
  anthropic: ["thinking", "thinkingDisplay", "effort", "taskBudgetTokens"],
  openai: ["effort"],
  "openai-compatible": [],
  demo: [],
};

/** The settings a model of this kind cannot take (to say so once, before the first turn). */
export function reasoningNotTaken(
  kind: ProviderKind,
  settings: ReasoningSettings,
): (keyof ReasoningSettings)[] {
  return (Object.keys(settings) as (keyof ReasoningSettings)[]).filter(
    (key) => settings[key] !== undefined && !TAKEN[kind].includes(key),
  );
}

/** The provider options a request carries for these settings (undefined when there are none to send). */
export function reasoningProviderOptions(
  kind: ProviderKind,
  settings: ReasoningSettings | undefined,
): SharedV3ProviderOptions | undefined {
  if (settings === undefined) return undefined;
  if (kind === "anthropic") {
    const { thinking, thinkingDisplay, effort, taskBudgetTokens } = settings;
    const options = {
      ...(thinking !== undefined && {
        thinking:
          thinking.type === "adaptive" && thinkingDisplay !== undefined
            ? { ...thinking, display: thinkingDisplay }
            : thinking,
      }),
      ...(effort !== undefined && { effort }),
      ...(taskBudgetTokens !== undefined && { taskBudget: { type: "tokens", total: taskBudgetTokens } }),
    };
    return Object.keys(options).length > 0 ? { anthropic: options } : undefined;
  }
  if (kind === "openai" && settings.effort !== undefined)
    return { openai: { reasoningEffort: settings.effort } };
  return undefined;
}
