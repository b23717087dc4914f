import {
  contextWindowFor,
  type EngineTool,
  estimateTokens,
  GENERAL_PURPOSE_AGENT,
  type ModelConfig,
  type ReasoningSettings,
  type SubagentDefinition,
  TASK_TOOL_NAME,
} from "@parley/engine";
import type { MessageParam } from "@parley/protocol";

/** `get_context_usage`: how much of the model's context window the conversation and system prompt take. */
export function contextUsageOf(
  history: readonly MessageParam[],
  systemPrompt: string | undefined,
  model: ModelConfig,
) {
  const used = estimateTokens([...history], systemPrompt);
  const max = contextWindowFor(model) ?? 200_000;
  const free = Math.max(0, max - used);
  return {
    categories: [
      { id: "messages", name: "Messages", tokens: used, color: "purple", kind: "used" },
      { id: "free_space", name: "Free space", tokens: free, color: "gray", kind: "free" },
    ],
    totalTokens: used,
    maxTokens: max,
    rawMaxTokens: max,
    percentage: Math.round((used / max) * 1000) / 10,
    gridRows: [],
    model: model.model,
    memoryFiles: [],
    mcpTools: [],
    agents: [],
  };
}

/**
 * `supportedAgents()`: the Task tool's kinds of subagent (`general-purpose`, and the host's `agents`), when
 * this run offers Task; none otherwise.
 */
export function subagentsOf(
  tools: readonly EngineTool[],
  kinds: Readonly<Record<string, SubagentDefinition>> = { "general-purpose": GENERAL_PURPOSE_AGENT },
): { name: string; description: string }[] {
  if (!tools.some((tool) => tool.name === TASK_TOOL_NAME)) return [];
  return Object.entries(kinds).map(([name, kind]) => ({ name, description: kind.description }));
}

/**
 * `set_max_thinking_tokens`: a budget turns thinking on with it, 0 turns it off, null goes back to the
 * model's default; a display other than summarized or omitted leaves the display as it was.
 */
export function withThinkingBudget(
  reasoning: ReasoningSettings | undefined,
  request: Record<string, unknown>,
): ReasoningSettings | undefined {
  const { thinking: _thinking, thinkingDisplay, ...rest } = reasoning ?? {};
  const tokens = request.max_thinking_tokens;
  const display = request.thinking_display;
  const next: ReasoningSettings = {
    ...rest,
    ...(typeof tokens === "number" && {
      thinking: tokens <= 0 ? { type: "disabled" } : { type: "enabled", budgetTokens: Math.floor(tokens) },
    }),
    ...(display === "summarized" || display === "omitted"
      ? { thinkingDisplay: display }
      : thinkingDisplay !== undefined && { thinkingDisplay }),
  };
  return Object.keys(next).length > 0 ? next : undefined;
}

/**
 * `accountInfo()`: Parley has no Anthropic login, only the model's API key; `apiProvider` is Claude Code's
 * "firstParty" for Anthropic's API and absent for other providers, which `provider` names.
 */
export function accountOf(model: ModelConfig): Record<string, unknown> {
  const anthropic = model.kind === "anthropic";
  return {
    ...(anthropic && { apiProvider: "firstParty" }),
    ...(anthropic &&
      model.apiKeySource !== "settings" && {
        apiKeySource: model.apiKeySource === "env" ? "ANTHROPIC_API_KEY" : "none",
      }),
    provider: model.provider,
  };
}
