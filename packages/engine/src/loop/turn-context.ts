import type { LanguageModelV3, LanguageModelV3FunctionTool } from "@ai-sdk/provider";
import type { BetaStopReason, SDKPermissionDenial } from "@parley/protocol";
import { z } from "zod";
import type { ModelConfig } from "../config/model-config.ts";
import type { EngineTool } from "../tools/engine-tool.ts";
import type { EngineClock, IdGenerator } from "./engine-clock.ts";
import type { RetryPolicy } from "./retry-policy.ts";
import { UsageTracker } from "./usage-tracker.ts";

/** The state one turn shares between requesting the model, running tools and writing the result. */
export interface TurnContext {
  sessionId: string;
  signal: AbortSignal;
  clock: EngineClock;
  ids: IdGenerator;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
  retry: RetryPolicy;
  stallTimeoutMs: number;
  includePartialMessages: boolean;
  systemPrompt: string | undefined;
  maxOutputTokens: number | undefined;
  createModel: (config: ModelConfig) => LanguageModelV3;
  tools: ReadonlyMap<string, EngineTool>;
  providerTools: LanguageModelV3FunctionTool[];
  /** The model requests go to; switches to `fallbackModel` once the preferred one gives up. */
  model: ModelConfig;
  fallbackModel: ModelConfig | undefined;
  usingFallback: boolean;
  usage: UsageTracker;
  startedAt: number;
  apiMs: number;
  numTurns: number;
  lastStopReason: BetaStopReason | null;
  permissionDenials: SDKPermissionDenial[];
}

/** Fresh per-turn state. */
export function newTurnContext(
  fields: Omit<
    TurnContext,
    | "usage"
    | "startedAt"
    | "apiMs"
    | "numTurns"
    | "lastStopReason"
    | "permissionDenials"
    | "usingFallback"
    | "providerTools"
  >,
): TurnContext {
  return {
    ...fields,
    providerTools: [...fields.tools.values()].map(toProviderTool),
    usingFallback: false,
    usage: new UsageTracker(),
    startedAt: fields.clock.now(),
    apiMs: 0,
    numTurns: 1,
    lastStopReason: null,
    permissionDenials: [],
  };
}

/** A tool as the provider sees it: name, description and the JSON Schema of its input. */
export function toProviderTool(tool: EngineTool): LanguageModelV3FunctionTool {
  const { $schema: _ignored, ...schema } = (tool.jsonSchema ??
    z.toJSONSchema(tool.inputSchema as z.ZodType, {
      target: "draft-7",
      io: "input",
      unrepresentable: "any",
    })) as Record<string, unknown>;
  return { type: "function", name: tool.name, description: tool.description, inputSchema: schema };
}
