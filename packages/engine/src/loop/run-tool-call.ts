import {
  type BetaToolUseBlock,
  type PermissionResult,
  PermissionResultSchema,
  type SDKPermissionDenial,
  type ToolResultBlockParam,
} from "@parley/protocol";
import type { z } from "zod";
import type { RuleFile } from "../permissions/rule-path.ts";
import type { NestedInstructions } from "../project-instructions/nested-instructions.ts";
import type {
  CanUseToolCallback,
  EngineTool,
  SubagentOptions,
  ToolAccess,
  ToolOutput,
} from "../tools/engine-tool.ts";
import { abortError, whenAborted } from "../util/abort.ts";
import type { EngineClock, IdGenerator } from "./engine-clock.ts";
import type { EngineMessage } from "./engine-message.ts";
import type { ToolHooks } from "./tool-hooks.ts";

/** What running one tool call produced. */
export interface ToolCallOutcome {
  result: ToolResultBlockParam;
  /** The tool's `data`, passed to SDK consumers as `tool_use_result`. */
  toolUseResult?: unknown;
  denial?: SDKPermissionDenial;
  /** The host denied with `interrupt: true`: the turn stops after this call. */
  interrupt?: boolean;
}

/** What a tool call needs from the turn. */
export interface ToolCallContext {
  tools: ReadonlyMap<string, EngineTool>;
  canUseTool: CanUseToolCallback | undefined;
  /** Ask `canUseTool` about file reads too (the turn has rules restricting reads, `AgentTurnOptions.readRules`). */
  decideReads: boolean;
  /** What searches and listings leave out (`searchExclusion` of the turn's `readRules`). */
  excludedFromSearch: ((file: RuleFile) => boolean) | undefined;
  /** The host's hooks around every call (PreToolUse, PostToolUse). */
  hooks: ToolHooks | undefined;
  /** Gives the instruction files of the subfolders the file tools reach; absent when the host gives none. */
  nestedInstructions: NestedInstructions | undefined;
  signal: AbortSignal;
  cwd: string;
  /** Directories outside the project the file tools may also use. */
  additionalDirectories: readonly string[] | undefined;
  sessionId: string;
  clock: EngineClock;
  ids: IdGenerator;
  /** 0 for a top-level turn, one more for each subagent level. */
  depth: number;
  /** Set in a subagent's turn: the `Task` call that started it. */
  parentToolUseId: string | undefined;
  /** Set in a subagent's turn: its task id. */
  taskId: string | undefined;
  /** Starts a child turn for the call `toolUseId` (see `ToolTurn.runSubagent`). */
  runSubagent(toolUseId: string, options: SubagentOptions): AsyncGenerator<EngineMessage, void, undefined>;
}

/**
 * Runs one `tool_use` block: checks the tool exists and the input is valid (the model sees what was
 * wrong), asks for approval when the tool requires it, executes it and yields its progress lines and the
 * messages it emits. A tool that requires approval runs only after `canUseTool` answered a well-formed
 * allow for this very call; without a `canUseTool` it is denied. Throws an `AbortError` when interrupted.
 */
export async function* runToolCall(
  call: BetaToolUseBlock,
  invalidJson: string | undefined,
  context: ToolCallContext,
): AsyncGenerator<EngineMessage, ToolCallOutcome> {
  const tool = context.tools.get(call.name);
  if (!tool)
    return failure(call, `<tool_use_error>Error: No such tool available: ${call.name}</tool_use_error>`);
  if (invalidJson !== undefined) {
    return failure(
      call,
      `<tool_use_error>InputValidationError: the input is not valid JSON (${invalidJson})</tool_use_error>`,
    );
  }
  let input = validate(tool, call.input);
  if (!input.success) return failure(call, input.message);

  const pre = await preToolUse(context, call);
  if (pre?.behavior === "deny") {
    return {
      ...failure(call, pre.message),
      denial: { tool_name: call.name, tool_use_id: call.id, tool_input: asRecord(call.input) },
    };
  }
  if (pre?.updatedInput) {
    input = validate(tool, pre.updatedInput);
    if (!input.success) return failure(call, input.message);
  }
  const readToDecide =
    context.decideReads && context.canUseTool !== undefined && accessOf(tool, input.value)?.kind === "read";
  const askFirst = (tool.requiresApproval || readToDecide) && pre?.behavior !== "allow";

  if (askFirst && !context.canUseTool) {
    // Fail closed: a host that set up no way to approve has approved nothing.
    return {
      ...failure(call, noApproverMessage(call.name)),
      denial: { tool_name: call.name, tool_use_id: call.id, tool_input: asRecord(call.input) },
    };
  }
  if (askFirst && context.canUseTool) {
    const toolInput = asRecord(pre?.updatedInput ?? call.input);
    const aborted = whenAborted(context.signal);
    let decision: PermissionResult;
    try {
      const access = accessOf(tool, input.value);
      const answer: unknown = await Promise.race([
        context.canUseTool({
          toolName: call.name,
          input: toolInput,
          toolUseId: call.id,
          signal: context.signal,
          ...(access && { access }),
          ...(context.parentToolUseId !== undefined && { parentToolUseId: context.parentToolUseId }),
        }),
        aborted.promise,
      ]);
      decision = checkedDecision(answer, call.id);
    } catch (error) {
      if (context.signal.aborted) throw abortError(context.signal);
      // A host that cannot decide has not allowed anything.
      const reason = error instanceof Error ? error.message : String(error);
      decision = { behavior: "deny", message: `Permission check failed: ${reason}` };
    } finally {
      aborted.dispose();
    }
    if (decision.behavior === "deny") {
      return {
        ...failure(call, decision.message),
        denial: { tool_name: call.name, tool_use_id: call.id, tool_input: toolInput },
        ...(decision.interrupt && { interrupt: true }),
      };
    }
    if (decision.updatedInput) {
      input = validate(tool, decision.updatedInput);
      if (!input.success) return failure(call, input.message);
    }
  }
  // An approval that arrived as the turn was being interrupted does not start the tool.
  if (context.signal.aborted) throw abortError(context.signal);

  const started = context.clock.now();
  const progress: EngineMessage[] = [];
  let wake: (() => void) | undefined;
  const emit = (message: EngineMessage) => {
    // Only the loop ends a turn: a tool's `result` would break "exactly one result, last".
    if (message.type === "result") return;
    progress.push(message);
    wake?.();
  };
  const onProgress = (line: string, stream: "stdout" | "stderr" = "stdout") => {
    emit({
      type: "tool_progress",
      tool_use_id: call.id,
      tool_name: call.name,
      parent_tool_use_id: null,
      elapsed_time_seconds: (context.clock.now() - started) / 1000,
      uuid: context.ids.uuid(),
      session_id: context.sessionId,
      line,
      stream,
    });
  };
  const turn = {
    sessionId: context.sessionId,
    depth: context.depth,
    tools: [...context.tools.values()],
    newUuid: () => context.ids.uuid(),
    ...(context.parentToolUseId !== undefined && { parentToolUseId: context.parentToolUseId }),
    ...(context.taskId !== undefined && { taskId: context.taskId }),
    runSubagent: (options: SubagentOptions) => context.runSubagent(call.id, options),
  };
  let settled: { output: ToolOutput } | { error: unknown } | undefined;
  const execution = Promise.resolve()
    .then(() =>
      tool.execute(input.value, {
        signal: context.signal,
        cwd: context.cwd,
        ...(context.additionalDirectories && { additionalDirectories: context.additionalDirectories }),
        ...(context.excludedFromSearch && { excludedFromSearch: context.excludedFromSearch }),
        toolUseId: call.id,
        onProgress,
        emit,
        turn,
      }),
    )
    .then(
      (output) => {
        settled = { output };
      },
      (error: unknown) => {
        settled = { error };
      },
    );
  const aborted = whenAborted(context.signal);
  try {
    for (;;) {
      // Flushed before the interrupt is acted on: what the tool reported while it was being interrupted
      // (a subagent's "stopped" notice) still goes out.
      while (progress.length > 0) yield progress.shift() as EngineMessage;
      if (settled || context.signal.aborted) break;
      await Promise.race([
        execution,
        new Promise<void>((resolve) => (wake = resolve)),
        aborted.promise,
      ]).catch(() => {});
    }
  } finally {
    aborted.dispose();
  }
  if (context.signal.aborted || !settled) throw abortError(context.signal);
  if ("error" in settled) {
    const message = settled.error instanceof Error ? settled.error.message : String(settled.error);
    return withPostToolUse(
      context,
      call,
      input.value as Record<string, unknown>,
      failure(call, `Error: ${message}`),
    );
  }
  const outcome = outcomeOf(call, settled.output);
  const hooked = await withPostToolUse(context, call, input.value as Record<string, unknown>, outcome);
  // Last, so the block ends the result: a later turn counts only a block that does.
  return withNestedInstructions(context, tool, input.value, hooked);
}

/**
 * A successful file tool's result with the instruction files of the folders it reached that the session
 * has not been given yet (`NestedInstructions`), after the tool's own text (and a PostToolUse hook's), as
 * Claude Code adds them.
 */
async function withNestedInstructions(
  context: ToolCallContext,
  tool: EngineTool,
  input: unknown,
  outcome: ToolCallOutcome,
): Promise<ToolCallOutcome> {
  if (context.nestedInstructions === undefined || outcome.result.is_error === true) return outcome;
  const access = accessOf(tool, input);
  const path = access?.kind === "read" || access?.kind === "write" ? access.path : undefined;
  const block = await context.nestedInstructions.after(tool.name, path);
  if (block === undefined) return outcome;
  const content = outcome.result.content ?? "";
  return {
    ...outcome,
    result: {
      ...outcome.result,
      content:
        typeof content === "string" ? `${content}\n\n${block}` : [...content, { type: "text", text: block }],
    },
  };
}

/** Runs the host's PostToolUse hook; its added context follows the result, as Claude Code places it. */
async function withPostToolUse(
  context: ToolCallContext,
  call: BetaToolUseBlock,
  input: Record<string, unknown>,
  outcome: ToolCallOutcome,
): Promise<ToolCallOutcome> {
  if (!context.hooks?.postToolUse) return outcome;
  let added: string | undefined;
  try {
    added = await context.hooks.postToolUse({
      toolName: call.name,
      input,
      toolUseId: call.id,
      signal: context.signal,
      result: outcome.toolUseResult ?? outcome.result.content,
      isError: outcome.result.is_error === true,
    });
  } catch {
    return outcome;
  }
  if (added === undefined || added === "") return outcome;
  const content = outcome.result.content;
  const text = typeof content === "string" ? content : JSON.stringify(content ?? "");
  return { ...outcome, result: { ...outcome.result, content: `${text}\n\n${added}` } };
}

/**
 * The host's answer, checked: only a well-formed allow or deny counts, and one that names another call's
 * `toolUseID` is refused, so a stale or misrouted approval never runs this call.
 */
function checkedDecision(answer: unknown, toolUseId: string): PermissionResult {
  if (answer === null || answer === undefined) {
    return { behavior: "deny", message: "No permission decision was given, so the tool did not run." };
  }
  const parsed = PermissionResultSchema.safeParse(answer);
  if (!parsed.success) {
    return { behavior: "deny", message: "The permission decision was malformed, so the tool did not run." };
  }
  if (parsed.data.toolUseID !== undefined && parsed.data.toolUseID !== toolUseId) {
    return {
      behavior: "deny",
      message: "The permission decision was for a different tool call, so this one did not run.",
    };
  }
  return parsed.data;
}

/** What the model is told when a tool that needs approval is called in a turn that cannot ask anyone. */
export function noApproverMessage(toolName: string): string {
  return `${toolName} requires approval, and nothing in this session can approve tool calls, so it did not run. Tell the user; they must allow ${toolName} for it to run.`;
}

function accessOf(tool: EngineTool, input: unknown): ToolAccess | undefined {
  try {
    return tool.access?.(input);
  } catch {
    return undefined;
  }
}

function validate(
  tool: EngineTool,
  input: unknown,
): { success: true; value: unknown } | { success: false; message: string } {
  const parsed = (tool.inputSchema as z.ZodType).safeParse(input);
  if (parsed.success) return { success: true, value: parsed.data };
  const issues = parsed.error.issues
    .map((issue) => `  - ${issue.path.length > 0 ? issue.path.join(".") : "(input)"}: ${issue.message}`)
    .join("\n");
  return {
    success: false,
    message: `<tool_use_error>InputValidationError: ${tool.name} failed due to the following issues:\n${issues}</tool_use_error>`,
  };
}

function outcomeOf(call: BetaToolUseBlock, output: ToolOutput): ToolCallOutcome {
  if (typeof output === "string")
    return { result: { type: "tool_result", tool_use_id: call.id, content: output } };
  return {
    result: {
      type: "tool_result",
      tool_use_id: call.id,
      content: output.content,
      ...(output.isError && { is_error: true }),
    },
    ...(output.data !== undefined && { toolUseResult: output.data }),
  };
}

function failure(call: BetaToolUseBlock, message: string): ToolCallOutcome {
  return { result: { type: "tool_result", tool_use_id: call.id, content: message, is_error: true } };
}

function asRecord(input: unknown): Record<string, unknown> {
  return typeof input === "object" && input !== null && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : {};
}

/** The host's PreToolUse answer; a hook that fails has no opinion (the permission check still applies). */
async function preToolUse(context: ToolCallContext, call: BetaToolUseBlock) {
  if (!context.hooks?.preToolUse) return undefined;
  try {
    return await context.hooks.preToolUse({
      toolName: call.name,
      input: asRecord(call.input),
      toolUseId: call.id,
      signal: context.signal,
    });
  } catch {
    if (context.signal.aborted) throw abortError(context.signal);
    return undefined;
  }
}
