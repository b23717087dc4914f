import type { LanguageModelV3, LanguageModelV3FunctionTool } from "@ai-sdk/provider";
import type { BetaStopReason, SDKPermissionDenial } from "@parley/protocol";
import { z } from "zod";
import type { ModelConfig } from "../config/model-config.ts";
import type { RuleFile } from "../permissions/rule-path.ts";
import type { NestedInstructions } from "../project-instructions/nested-instructions.ts";
import type { EngineTool } from "../tools/engine-tool.ts";
import type { EngineClock, IdGenerator } from "./engine-clock.ts";
import type { ReasoningSettings } from "./reasoning.ts";
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
  reasoning: ReasoningSettings | undefined;
  createModel: (config: ModelConfig) => LanguageModelV3;
  tools: ReadonlyMap<string, EngineTool>;
  /** Whether reads ask `canUseTool` too: a rule restricts reading (`AgentTurnOptions.readRules`). */
  decideReads: boolean;
  /** What searches and listings leave out (`searchExclusion` of the turn's `readRules`). */
  excludedFromSearch: ((file: RuleFile) => boolean) | undefined;
  /** Gives the instruction files of the subfolders the file tools reach, once each (`AgentTurnOptions.instructionSources`). */
  nestedInstructions: NestedInstructions | undefined;
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

/** Each input schema's JSON Schema, converted once per process rather than once per turn. */
const jsonSchemas = new WeakMap<object, Record<string, unknown>>();

function jsonSchemaOf(tool: EngineTool): Record<string, unknown> {
  if (tool.jsonSchema) return withoutDialect(tool.jsonSchema as Record<string, unknown>);
  const inputSchema = tool.inputSchema as z.ZodType;
  let schema = jsonSchemas.get(inputSchema);
  if (schema === undefined) {
    schema = withoutDialect(
      z.toJSONSchema(inputSchema, { target: "draft-7", io: "input", unrepresentable: "any" }) as Record<
        string,
        unknown
      >,
    );
    jsonSchemas.set(inputSchema, schema);
  }
  return schema;
}

function withoutDialect(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = schema;
  return rest;
}

/**
 * A tool as the provider sees it: name, description and the JSON Schema of its input. The schema is made
 * when a provider first reads it (zod's conversion was 12% of `parley run -p` on the demo model, which
 * reads no tool schema), and kept for the process: every turn offers the same tools.
 */
export function toProviderTool(tool: EngineTool): LanguageModelV3FunctionTool {
  return {
    type: "function",
    name: tool.name,
    description: tool.description,
    get inputSchema() {
      return jsonSchemaOf(tool) as LanguageModelV3FunctionTool["inputSchema"];
    },
  };
}
