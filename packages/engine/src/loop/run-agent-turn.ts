import type { LanguageModelV3 } from "@ai-sdk/provider";
import {
  type BetaContentBlock,
  type BetaToolUseBlock,
  type ContentBlockParam,
  type MessageParam,
  newSystemInit,
  type PermissionMode,
  type SDKSystemMessage,
  type ToolResultBlockParam,
} from "@parley/protocol";
import type { ModelConfig } from "../config/model-config.ts";
import type { PermissionRule } from "../permissions/permission-rule.ts";
import { readRulesOf, searchExclusion } from "../permissions/read-rules.ts";
import type { InstructionSource } from "../project-instructions/instruction-files.ts";
import type { InstructionFolders } from "../project-instructions/instruction-folders.ts";
import { NestedInstructions } from "../project-instructions/nested-instructions.ts";
import { createLanguageModel } from "../providers/create-language-model.ts";
import { SKILL_TOOL_NAME } from "../skills/skill-tool.ts";
import type { CanUseToolCallback, EngineTool } from "../tools/engine-tool.ts";
import { abortableSleep } from "../util/abort.ts";
import { PARLEY_VERSION } from "../version.ts";
import { type EngineClock, type IdGenerator, randomIds, systemClock } from "./engine-clock.ts";
import type { EngineMessage } from "./engine-message.ts";
import { systemPromptForMode } from "./plan-mode.ts";
import type { ReasoningSettings } from "./reasoning.ts";
import { requestModel } from "./request-model.ts";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry-policy.ts";
import { runToolCall, type ToolCallOutcome } from "./run-tool-call.ts";
import { StructuredOutput } from "./structured-output.ts";
import { runSubagentTurn, withParentToolUseId } from "./subagent-turn.ts";
import type { ToolHooks } from "./tool-hooks.ts";
import { newTurnContext, type TurnContext } from "./turn-context.ts";
import {
  apiErrorMessages,
  budgetResult,
  INTERRUPTED_TOOL_RESULT,
  interruptedResult,
  maxTurnsResult,
  structuredOutputRetriesResult,
  successResult,
  userMessage,
} from "./turn-messages.ts";
import { startingPoint } from "./turn-start.ts";

/** Everything one turn needs. Only `sessionId`, `history`, `model` and `cwd` are required. */
export interface AgentTurnOptions {
  sessionId: string;
  /** Earlier turns in Anthropic `MessageParam` form (see `foldTurnIntoHistory`). */
  history: MessageParam[];
  /**
   * The new user message: a string or content blocks. Omit it to resume a stored conversation: the turn
   * first runs the calls `pendingToolUses(history)` lists (asking `canUseTool` as usual), or, when the
   * history ends with a user message, asks the model to answer it.
   */
  prompt?: MessageParam["content"];
  model: ModelConfig;
  /** Used for the rest of the turn once `model` still fails after its retries. */
  fallbackModel?: ModelConfig;
  systemPrompt?: string;
  /** Model calls allowed in the turn; the turn ends with `error_max_turns` when tools would need more. */
  maxTurns?: number;
  cwd: string;
  /** Canonical directories outside `cwd` that the file tools (Read, Write, Edit, LS, Glob, Grep) may also use (`--add-dir`). */
  additionalDirectories?: readonly string[];
  /** Reported in `system/init` (default `"default"`). */
  permissionMode?: PermissionMode;
  /** Emit `system/status` and `stream_event` partials (Anthropic raw stream events). */
  includePartialMessages?: boolean;
  tools?: EngineTool[];
  /** Asked before a tool that requires approval runs; without it such calls are denied (fail closed). */
  canUseTool?: CanUseToolCallback;
  /**
   * The host's permission rules (only those restricting reading matter here): with a deny or ask rule about
   * reading, tools that only read files (Read, LS, Glob, Grep) ask `canUseTool` too, and searches and listings
   * leave out what a `Read` rule names; without one they run unasked (confinement still holds).
   */
  readRules?: readonly PermissionRule[];
  /** The host's hooks around every tool call (PreToolUse, PostToolUse). */
  toolHooks?: ToolHooks;
  /**
   * The setting sources whose instruction files in the project's subfolders are given as Read, Edit and
   * Write reach them (`project`: `AGENTS.md`, `CLAUDE.md`; `local`: `CLAUDE.local.md`), each once in the
   * session, after the tool's result. Absent (the default), none are: the host gives the root's in the
   * system prompt and turns both on together.
   */
  instructionSources?: readonly InstructionSource[];
  /**
   * The session's memory of which folders hold no instruction file, kept from turn to turn (`AgentSession`
   * keeps one); absent, each turn looks again.
   */
  instructionFolders?: InstructionFolders;
  /** The session's MCP servers and how they stand, reported in `system/init`. */
  mcpServers?: { name: string; status: string }[];
  /** The slash commands the session offers (its custom commands), reported in `system/init`. */
  slashCommands?: readonly string[];
  /**
   * The names of the session's skills, reported in `system/init` by a turn (or a subagent's turn) whose tools
   * include `Skill`; a `disable-model-invocation` skill is named too (the person's to type as `/name`).
   */
  skills?: readonly string[];
  /** Called before every model request after the first; each message is delivered to the model. */
  takeQueuedMessages?: () => MessageParam["content"][];
  signal?: AbortSignal;
  clock?: EngineClock;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  idGenerator?: IdGenerator;
  /** Jitter source for retry backoff, [0, 1). */
  random?: () => number;
  retry?: Partial<RetryPolicy>;
  /** A stream with no data for this long is abandoned and retried (default 120 000 ms). */
  stallTimeoutMs?: number;
  maxOutputTokens?: number;
  /** Stop before a model request once the session has cost this much (USD, at list price). */
  maxBudgetUsd?: number;
  /** What the session's earlier turns cost, counted against `maxBudgetUsd`. */
  spentUsd?: number;
  /** A JSON Schema the turn's final answer must match, given through the `StructuredOutput` tool. */
  outputSchema?: Record<string, unknown>;
  /** Thinking, effort and task budget, sent to models that take them. */
  reasoning?: ReasoningSettings;
  /** Builds the language model for a config (default `createLanguageModel`). */
  createModel?: (config: ModelConfig) => LanguageModelV3;
  /**
   * Set for a subagent's turn (the `Task` tool does): the call that started it. Every message the turn
   * emits carries it as `parent_tool_use_id`, and so do its permission requests.
   */
  parentToolUseId?: string;
  /** How many subagent levels deep this turn is: 0 (the default) for a top-level turn. */
  subagentDepth?: number;
  /** Set for a subagent's turn: the `task_id` of its `system/task_started` (nested tasks name it as parent). */
  taskId?: string;
}

/** How long a silent model stream may stay silent before it counts as stalled. */
export const DEFAULT_STALL_TIMEOUT_MS = 120_000;

/**
 * Runs one agent turn and yields what the Claude Code CLI emits for it: `system/init`, partials when
 * asked, one `assistant` message per completed block, `user` tool results and delivered queued
 * messages, retries and fallbacks, and exactly one `result` last. Never throws for model or tool
 * failures; aborting `signal` ends the turn promptly with the interrupt result. Without a `prompt` it
 * resumes the history (see `AgentTurnOptions.prompt`); a history with nothing to resume throws.
 */
export function runAgentTurn(options: AgentTurnOptions): AsyncGenerator<EngineMessage, void, undefined> {
  const parentToolUseId = options.parentToolUseId;
  // A top-level turn is the turn's own generator: a delegating one would cost promise jobs per token.
  if (parentToolUseId === undefined) return runTurn(options);
  return withParent(runTurn(options), parentToolUseId);
}

async function* withParent(
  turn: AsyncGenerator<EngineMessage, void, undefined>,
  parentToolUseId: string,
): AsyncGenerator<EngineMessage, void, undefined> {
  for await (const message of turn) yield withParentToolUseId(message, parentToolUseId);
}

async function* runTurn(options: AgentTurnOptions): AsyncGenerator<EngineMessage, void, undefined> {
  const start = startingPoint(options.history, options.prompt);
  const controller = new AbortController();
  const forwardAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) forwardAbort();
  else options.signal?.addEventListener("abort", forwardAbort, { once: true });
  const structured =
    options.outputSchema === undefined ? undefined : new StructuredOutput(options.outputSchema);
  const tools = new Map(
    [...(options.tools ?? []), ...(structured ? [structured.tool] : [])].map((tool) => [tool.name, tool]),
  );
  const excludedFromSearch = searchExclusion(options.readRules ?? []);
  const turn = newTurnContext({
    sessionId: options.sessionId,
    signal: controller.signal,
    clock: options.clock ?? systemClock,
    ids: options.idGenerator ?? randomIds,
    sleep: options.sleep ?? abortableSleep,
    random: options.random ?? Math.random,
    retry: { ...DEFAULT_RETRY_POLICY, ...options.retry },
    stallTimeoutMs: options.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS,
    includePartialMessages: options.includePartialMessages ?? false,
    systemPrompt: withInstructions(
      withInstructions(
        systemPromptForMode(
          options.systemPrompt,
          options.permissionMode,
          options.parentToolUseId !== undefined,
        ),
        addedDirectoriesNote(options.additionalDirectories),
      ),
      structured?.instructions,
    ),
    maxOutputTokens: options.maxOutputTokens,
    reasoning: options.reasoning,
    createModel: options.createModel ?? ((config) => createLanguageModel(config)),
    tools,
    // Rules about reading are read once per turn: they decide every read call and shape every search.
    decideReads: readRulesOf(options.readRules ?? []).length > 0,
    excludedFromSearch,
    nestedInstructions: nestedInstructionsOf(options, excludedFromSearch),
    model: options.model,
    fallbackModel: options.fallbackModel,
  });
  const runCalls = (calls: BetaToolUseBlock[], invalidInputs: ReadonlyMap<string, string>) =>
    runToolRound(turn, options, controller, calls, invalidInputs);
  try {
    yield systemInit(turn, options);
    const conversation = start.conversation;
    let request = 0;
    if (start.pending.length > 0) {
      const round = yield* runCalls(start.pending, new Map());
      if (round.ended) return;
      conversation.push({ role: "user", content: [...start.answered, ...round.results] });
      if (yield* countToolRound(turn, options)) return;
      request = 1;
    }
    for (; ; request++) {
      if (request > 0) {
        for (const content of options.takeQueuedMessages?.() ?? []) {
          conversation.push({ role: "user", content });
          yield userMessage(turn, content);
        }
      }
      if (overBudget(turn, options)) {
        yield budgetResult(turn, options.maxBudgetUsd as number);
        return;
      }
      const outcome = yield* requestModel(turn, conversation);
      if (outcome.kind === "aborted") {
        yield* interrupt(turn, toolUsesOf(outcome.blocks), "aborted_streaming");
        return;
      }
      if (outcome.kind === "failed") {
        yield* apiErrorMessages(turn, outcome.failure);
        return;
      }
      const { response } = outcome;
      turn.lastStopReason = response.stopReason;
      // Responses hold only text, thinking and tool_use blocks, which are valid request blocks too.
      conversation.push({ role: "assistant", content: response.blocks as ContentBlockParam[] });
      const toolUses = toolUsesOf(response.blocks);
      if (toolUses.length === 0) {
        if (structured !== undefined && !structured.provided) {
          if (!structured.remind()) {
            yield structuredOutputRetriesResult(turn);
            return;
          }
          const content = [{ type: "text" as const, text: structured.reminder }];
          conversation.push({ role: "user", content });
          yield userMessage(turn, content);
          continue;
        }
        yield successResult(turn, textOf(response.blocks), structured?.value);
        return;
      }
      const round = yield* runCalls(toolUses, response.invalidToolInputs);
      if (round.ended) return;
      conversation.push({ role: "user", content: round.results });
      if (yield* countToolRound(turn, options)) return;
    }
  } finally {
    options.signal?.removeEventListener("abort", forwardAbort);
    // Stops a request or tool still running when the consumer leaves early.
    controller.abort();
  }
}

/** Whether the session has spent its `maxBudgetUsd` (checked before each model request, as Claude Code does). */
function overBudget(turn: TurnContext, options: AgentTurnOptions): boolean {
  if (options.maxBudgetUsd === undefined) return false;
  return (options.spentUsd ?? 0) + turn.usage.totalCostUsd >= options.maxBudgetUsd;
}

/** What gives the turn the instruction files of the subfolders it works in, when the host asked for them. */
function nestedInstructionsOf(
  options: AgentTurnOptions,
  excluded: TurnContext["excludedFromSearch"],
): NestedInstructions | undefined {
  const sources = (options.instructionSources ?? []).filter((source) => source !== "user");
  if (sources.length === 0) return undefined;
  return new NestedInstructions({
    cwd: options.cwd,
    sources,
    excluded,
    history: options.history,
    ...(options.instructionFolders !== undefined && { folders: options.instructionFolders }),
  });
}

/** Tells the model where else its file tools reach, as Claude Code names its additional working directories. */
function addedDirectoriesNote(directories: readonly string[] | undefined): string | undefined {
  if (directories === undefined || directories.length === 0) return undefined;
  return `Besides the project, the file tools (Read, Write, Edit, LS, Glob, Grep) may use these directories, by absolute path: ${directories.join(", ")}.`;
}

/** The system prompt with a feature's instructions after it. */
function withInstructions(systemPrompt: string | undefined, instructions: string | undefined) {
  if (instructions === undefined) return systemPrompt;
  return systemPrompt === undefined ? instructions : `${systemPrompt}\n\n${instructions}`;
}

/** Runs one response's tool calls in order; `ended` when an interrupt finished the turn. */
async function* runToolRound(
  turn: TurnContext,
  options: AgentTurnOptions,
  controller: AbortController,
  toolUses: BetaToolUseBlock[],
  invalidInputs: ReadonlyMap<string, string>,
): AsyncGenerator<EngineMessage, { ended: true } | { ended: false; results: ToolResultBlockParam[] }> {
  const results: ToolResultBlockParam[] = [];
  for (const [index, call] of toolUses.entries()) {
    let called: ToolCallOutcome;
    try {
      called = yield* runToolCall(call, invalidInputs.get(call.id), {
        tools: turn.tools,
        canUseTool: options.canUseTool,
        decideReads: turn.decideReads,
        excludedFromSearch: turn.excludedFromSearch,
        nestedInstructions: turn.nestedInstructions,
        hooks: options.toolHooks,
        signal: turn.signal,
        cwd: options.cwd,
        additionalDirectories: options.additionalDirectories,
        sessionId: turn.sessionId,
        clock: turn.clock,
        ids: turn.ids,
        depth: options.subagentDepth ?? 0,
        parentToolUseId: options.parentToolUseId,
        taskId: options.taskId,
        runSubagent: (toolUseId, subagent) =>
          runSubagentTurn(turn, options, runAgentTurn, toolUseId, subagent),
      });
    } catch (error) {
      if (!turn.signal.aborted) throw error;
      yield* interrupt(turn, toolUses.slice(index), "aborted_tools");
      return { ended: true };
    }
    results.push(called.result);
    if (called.denial) turn.permissionDenials.push(called.denial);
    yield userMessage(turn, [called.result], { toolUseResult: called.toolUseResult });
    if (called.interrupt || turn.signal.aborted) {
      controller.abort();
      yield* interrupt(turn, toolUses.slice(index + 1), "aborted_tools");
      return { ended: true };
    }
  }
  return { ended: false, results };
}

/** Counts a finished tool round as the CLI does (tools ran, then the count goes up); true when it ended the turn. */
async function* countToolRound(
  turn: TurnContext,
  options: AgentTurnOptions,
): AsyncGenerator<EngineMessage, boolean> {
  turn.numTurns += 1;
  if (options.maxTurns === undefined || turn.numTurns <= options.maxTurns) return false;
  yield maxTurnsResult(turn, options.maxTurns);
  return true;
}

function systemInit(turn: TurnContext, options: AgentTurnOptions): SDKSystemMessage {
  const apiKeySource =
    options.model.apiKeySource === "none"
      ? "none"
      : options.model.kind === "anthropic" && options.model.apiKeySource === "env"
        ? "ANTHROPIC_API_KEY"
        : "user";
  const message = newSystemInit(
    { cwd: options.cwd, model: options.model.model, permissionMode: options.permissionMode ?? "default" },
    PARLEY_VERSION,
    turn.sessionId,
    {
      tools: [...turn.tools.keys()],
      skills: turn.tools.has(SKILL_TOOL_NAME) ? [...(options.skills ?? [])] : [],
      apiKeySource,
      model: options.model.model,
      ...(options.mcpServers && { mcpServers: options.mcpServers }),
      ...(options.slashCommands && { slashCommands: [...options.slashCommands] }),
    },
  );
  return { ...message, uuid: turn.ids.uuid() };
}

/** Closes unfinished tool calls (so the history stays valid), says the turn was interrupted, and ends it. */
async function* interrupt(
  turn: TurnContext,
  unfinished: BetaToolUseBlock[],
  reason: "aborted_streaming" | "aborted_tools",
): AsyncGenerator<EngineMessage> {
  for (const call of unfinished) {
    yield userMessage(turn, [
      { type: "tool_result", tool_use_id: call.id, content: INTERRUPTED_TOOL_RESULT, is_error: true },
    ]);
  }
  const marker =
    reason === "aborted_tools"
      ? "[Request interrupted by user for tool use]"
      : "[Request interrupted by user]";
  yield userMessage(turn, [{ type: "text", text: marker }]);
  yield interruptedResult(turn, reason);
}

function toolUsesOf(blocks: BetaContentBlock[]): BetaToolUseBlock[] {
  return blocks.filter((block): block is BetaToolUseBlock => block.type === "tool_use");
}

function textOf(blocks: BetaContentBlock[]): string {
  return blocks
    .filter((block) => block.type === "text")
    .map((block) => block.text)
    .join("");
}
