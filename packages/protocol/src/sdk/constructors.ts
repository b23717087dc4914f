import type { SDKAssistantMessage } from "./assistant-message.ts";
import type { BetaMessage } from "./beta-message.ts";
import type { NonNullableUsage } from "./beta-usage.ts";
import type { ContentBlockParam } from "./content-block.ts";
import type { ApiKeySource, SDKAssistantMessageError, TerminalReason } from "./enums.ts";
import type { ModelUsage } from "./model-usage.ts";
import type { QueryOptions } from "./query-options.ts";
import type {
  ResultErrorSubtype,
  SDKPermissionDenial,
  SDKResultError,
  SDKResultSuccess,
} from "./result-message.ts";
import type { SDKCompactBoundaryMessage } from "./system-compact-message.ts";
import type { SDKSystemMessage } from "./system-init-message.ts";
import type { SDKUserMessage } from "./user-message.ts";
import { newUuid } from "./uuid.ts";

// Constructors for the messages a CLI emits most. Each stamps a fresh v4 UUID and fills every field
// the official type requires; optional fields appear only when given, so the JSON stays minimal.

/** Drops `undefined` entries so optional fields that were not given leave no key behind. */
function defined<T extends Record<string, unknown>>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;
}

/** A zeroed cumulative usage with every field the real CLI sends on `result` messages. */
export function emptyUsage(): NonNullableUsage {
  return {
    input_tokens: 0,
    output_tokens: 0,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: 0 },
    output_tokens_details: { thinking_tokens: 0 },
    server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
    service_tier: "standard",
    inference_geo: "",
    iterations: [],
    speed: "standard",
    fallback_credit: null,
  };
}

/** Options of `newAssistantMessage`. */
export interface AssistantMessageOptions {
  /** The Agent tool call this message belongs to, when a subagent wrote it. */
  parentToolUseId?: string | null;
  error?: SDKAssistantMessageError;
  requestId?: string;
  timestamp?: string;
}

/** An `assistant` message carrying one API message (the CLI sends one per completed block). */
export function newAssistantMessage(
  message: BetaMessage,
  sessionId: string,
  options: AssistantMessageOptions = {},
): SDKAssistantMessage {
  return {
    type: "assistant",
    message,
    parent_tool_use_id: options.parentToolUseId ?? null,
    uuid: newUuid(),
    session_id: sessionId,
    ...defined({ error: options.error, request_id: options.requestId, timestamp: options.timestamp }),
  };
}

/** A `user` message: a prompt (string or blocks) or tool results. */
export function newUserMessage(
  content: string | ContentBlockParam[],
  sessionId: string,
  options: { parentToolUseId?: string | null; timestamp?: string } = {},
): SDKUserMessage {
  return {
    type: "user",
    message: { role: "user", content },
    parent_tool_use_id: options.parentToolUseId ?? null,
    uuid: newUuid(),
    session_id: sessionId,
    ...defined({ timestamp: options.timestamp }),
  };
}

/** The measurements every `result` carries; missing counters default to zero. */
export interface ResultFields {
  sessionId: string;
  durationMs?: number;
  durationApiMs?: number;
  numTurns?: number;
  totalCostUsd?: number;
  stopReason?: string | null;
  usage?: NonNullableUsage;
  modelUsage?: Record<string, ModelUsage>;
  permissionDenials?: SDKPermissionDenial[];
  terminalReason?: TerminalReason;
}

function resultBase(fields: ResultFields, isError: boolean) {
  return {
    type: "result" as const,
    duration_ms: fields.durationMs ?? 0,
    duration_api_ms: fields.durationApiMs ?? 0,
    is_error: isError,
    num_turns: fields.numTurns ?? 0,
    stop_reason: fields.stopReason ?? null,
    total_cost_usd: fields.totalCostUsd ?? 0,
    usage: fields.usage ?? emptyUsage(),
    modelUsage: fields.modelUsage ?? {},
    permission_denials: fields.permissionDenials ?? [],
    uuid: newUuid(),
    session_id: fields.sessionId,
  };
}

/**
 * The `result`/`success` that ends a turn with an answer. `isError` marks an API error turn, which
 * the CLI also reports as `success` (with `terminalReason: "api_error"`).
 */
export function newResultSuccess(
  fields: ResultFields & { result: string; isError?: boolean; apiErrorStatus?: number | null },
): SDKResultSuccess {
  return {
    ...resultBase(fields, fields.isError ?? false),
    subtype: "success",
    result: fields.result,
    terminal_reason: fields.terminalReason ?? (fields.isError ? "api_error" : "completed"),
    ...defined({ api_error_status: fields.apiErrorStatus }),
  };
}

/** The `result` that ends a failed turn, with its error subtype and messages. */
export function newResultError(
  fields: ResultFields & { subtype: ResultErrorSubtype; errors: string[] },
): SDKResultError {
  return {
    ...resultBase(fields, true),
    subtype: fields.subtype,
    errors: fields.errors,
    ...defined({ terminal_reason: fields.terminalReason }),
  };
}

/** What a CLI knows about its session beyond the query options (tools, servers, commands, ...). */
export interface SystemInitFacts {
  tools?: string[];
  mcpServers?: { name: string; status: string }[];
  slashCommands?: string[];
  skills?: string[];
  plugins?: { name: string; path: string }[];
  agents?: string[];
  apiKeySource?: ApiKeySource;
  model?: string;
  outputStyle?: string;
}

/**
 * The `system`/`init` a CLI emits at the start of every turn, derived from the query options (which
 * must name the working directory) and the CLI's version; `facts` override what the options imply.
 */
export function newSystemInit(
  options: QueryOptions & { cwd: string },
  version: string,
  sessionId: string,
  facts: SystemInitFacts = {},
): SDKSystemMessage {
  const optionTools = Array.isArray(options.tools) ? options.tools : options.allowedTools;
  const agents = facts.agents ?? (options.agents ? Object.keys(options.agents) : undefined);
  return {
    type: "system",
    subtype: "init",
    uuid: newUuid(),
    session_id: sessionId,
    apiKeySource: facts.apiKeySource ?? "none",
    claude_code_version: version,
    cwd: options.cwd,
    tools: facts.tools ?? optionTools ?? [],
    mcp_servers:
      facts.mcpServers ?? Object.keys(options.mcpServers ?? {}).map((name) => ({ name, status: "pending" })),
    model: facts.model ?? options.model ?? "default",
    permissionMode: options.permissionMode ?? "default",
    slash_commands: facts.slashCommands ?? [],
    output_style: facts.outputStyle ?? "default",
    skills: facts.skills ?? (Array.isArray(options.skills) ? options.skills : []),
    plugins:
      facts.plugins ??
      (options.plugins ?? []).map((plugin) => ({
        name: plugin.path.split("/").pop() || plugin.path,
        path: plugin.path,
      })),
    ...defined({ agents, betas: options.betas, effort: options.effort }),
  };
}

/** The `system`/`compact_boundary` marking where history was summarised. */
export function newCompactBoundary(
  trigger: "manual" | "auto",
  preTokens: number,
  sessionId: string,
  details: { postTokens?: number; durationMs?: number } = {},
): SDKCompactBoundaryMessage {
  return {
    type: "system",
    subtype: "compact_boundary",
    compact_metadata: {
      trigger,
      pre_tokens: preTokens,
      ...defined({ post_tokens: details.postTokens, duration_ms: details.durationMs }),
    },
    uuid: newUuid(),
    session_id: sessionId,
  };
}
