import type { SDKResultMessage, SDKTaskNotificationMessage } from "@parley/protocol";
import { z } from "zod";
import type { EngineMessage } from "../../loop/engine-message.ts";
import { defineTool, type EngineTool, type ToolContext } from "../engine-tool.ts";

/** The tool's name, as Claude Code calls it. */
export const TASK_TOOL_NAME = "Task";

/** A kind of subagent the model may start: what it is for, its system prompt and which tools it gets. */
export interface SubagentDefinition {
  /** Shown to the model in the tool description. */
  description: string;
  /** The subagent's system prompt. */
  prompt: string;
  /** Tool names it may use (default: all of the parent's, `Task` only while the depth limit allows). */
  tools?: readonly string[];
  /** Tool names it may not use, of those it would get. */
  disallowedTools?: readonly string[];
  maxTurns?: number;
}

/** How `Task` starts subagents. */
export interface TaskToolOptions {
  /** Subagent kinds by `subagent_type` (default: `general-purpose`). */
  agents?: Readonly<Record<string, SubagentDefinition>>;
  /** How many subagent levels may exist below the top-level turn (default 1: subagents cannot nest). */
  maxDepth?: number;
  /** Where running subagents are listed by `task_id`, so a host can stop one (`stop_task`). */
  running?: RunningTasks;
}

/**
 * The subagents running now, by `task_id`: `stop` ends one alone; its `Task` call returns that it was
 * stopped and the turn that started it goes on.
 */
export class RunningTasks {
  readonly #stops = new Map<string, AbortController>();

  /** Registers a task; the returned signal aborts when it is stopped. */
  start(taskId: string): AbortSignal {
    const stop = new AbortController();
    this.#stops.set(taskId, stop);
    return stop.signal;
  }

  finish(taskId: string): void {
    this.#stops.delete(taskId);
  }

  /** Stops a running task; false when no task of that id is running. */
  stop(taskId: string): boolean {
    const stop = this.#stops.get(taskId);
    if (stop === undefined) return false;
    stop.abort();
    return true;
  }
}

/** The subagent kind used when the model names none. */
export const GENERAL_PURPOSE_AGENT: SubagentDefinition = {
  description:
    "General-purpose agent for researching questions, searching code and carrying out multi-step tasks.",
  prompt:
    "You are a subagent doing one task for another agent. Work on it with the tools you have, then answer " +
    "with a concise, complete report of what you found or did: your final message is all the other agent sees.",
};

/**
 * `Task`: runs a subagent (a child turn with its own prompt and tools on the same model) and returns its
 * final answer as the result. Its messages appear in the turn's stream with `parent_tool_use_id` set to
 * the `Task` call's id, framed by `system/task_started` and `system/task_notification`; cancelling the turn
 * cancels the subagent. Subagents get no `Task` tool once `maxDepth` is reached.
 */
export function createTaskTool(options: TaskToolOptions = {}): EngineTool {
  const agents = options.agents ?? { "general-purpose": GENERAL_PURPOSE_AGENT };
  const maxDepth = options.maxDepth ?? 1;
  const names = Object.keys(agents);
  const kinds = Object.entries(agents)
    .map(([name, agent]) => `- ${name}: ${agent.description}`)
    .join("\n");
  return defineTool({
    name: TASK_TOOL_NAME,
    description: `Starts a subagent that works on a task on its own and reports back. Use it for searches and multi-step work whose details you do not need to see; give it everything it needs in the prompt, since it does not see this conversation. Its final message is the result.
Available subagent types:
${kinds}`,
    inputSchema: z.object({
      description: z.string().min(1).describe("A short (3-5 word) description of the task"),
      prompt: z.string().min(1).describe("The task, with all the context the subagent needs"),
      subagent_type: z.string().optional().describe(`Which kind of subagent (default ${names[0]})`),
    }),
    requiresApproval: false,
    access: () => ({ kind: "other" }),
    execute: async (input, context) => {
      const type = input.subagent_type ?? names[0] ?? "general-purpose";
      const agent = agents[type];
      if (!agent) throw new Error(`Unknown subagent_type "${type}"; available: ${names.join(", ")}.`);
      const depth = context.turn.depth + 1;
      if (depth > maxDepth)
        throw new Error(`Subagents cannot start further subagents (depth limit ${maxDepth}).`);
      const tools = context.turn.tools.filter(
        (tool) =>
          (agent.tools === undefined || agent.tools.includes(tool.name)) &&
          !agent.disallowedTools?.includes(tool.name) &&
          (tool.name !== TASK_TOOL_NAME || depth < maxDepth),
      );
      return runTask(context, { ...input, subagent_type: type }, agent, tools, depth, options.running);
    },
  });
}

async function runTask(
  context: ToolContext,
  input: { description: string; prompt: string; subagent_type: string },
  agent: SubagentDefinition,
  tools: readonly EngineTool[],
  depth: number,
  running: RunningTasks | undefined,
) {
  const taskId = `task_${context.turn.newUuid().replaceAll("-", "").slice(0, 16)}`;
  const base = { type: "system" as const, session_id: context.turn.sessionId, task_id: taskId };
  context.emit({
    ...base,
    subtype: "task_started",
    uuid: context.turn.newUuid(),
    tool_use_id: context.toolUseId,
    description: input.description,
    subagent_type: input.subagent_type,
    prompt: input.prompt,
    spawn_depth: depth,
    ...(context.turn.taskId !== undefined && { parent_task_id: context.turn.taskId }),
    task_type: "local_agent",
  });
  let toolUses = 0;
  let notified = false;
  const notify = (
    status: SDKTaskNotificationMessage["status"],
    summary: string,
    result?: SDKResultMessage,
  ) => {
    if (notified) return;
    notified = true;
    context.emit({
      ...base,
      subtype: "task_notification",
      uuid: context.turn.newUuid(),
      tool_use_id: context.toolUseId,
      status,
      output_file: "",
      summary,
      ...(result && {
        usage: {
          total_tokens: result.usage.input_tokens + result.usage.output_tokens,
          tool_uses: toolUses,
          duration_ms: result.duration_ms,
        },
      }),
    });
  };
  // Emitted while the interrupt is being handled, so it reaches the stream before the turn ends.
  const onAbort = () => notify("stopped", "The task was cancelled.");
  context.signal.addEventListener("abort", onAbort, { once: true });
  let result: SDKResultMessage | undefined;
  const stopped = running?.start(taskId);
  const stoppedAlone = () => stopped?.aborted === true && !context.signal.aborted;
  try {
    const child = context.turn.runSubagent({
      prompt: input.prompt,
      systemPrompt: agent.prompt,
      tools,
      ...(agent.maxTurns !== undefined && { maxTurns: agent.maxTurns }),
      taskId,
      ...(stopped && { signal: stopped }),
    });
    for await (const message of child) {
      if (message.type === "result") result = message;
      else if (forwarded(message)) context.emit(message);
      if (
        message.type === "assistant" &&
        message.message.content.some((block) => block.type === "tool_use")
      ) {
        toolUses += message.message.content.filter((block) => block.type === "tool_use").length;
      }
    }
  } catch (error) {
    if (stoppedAlone()) return stoppedResult(notify);
    // Every task_started gets its task_notification, so hosts can close the child's record.
    if (context.signal.aborted) notify("stopped", "The task was cancelled.");
    else notify("failed", `The subagent failed: ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  } finally {
    context.signal.removeEventListener("abort", onAbort);
    running?.finish(taskId);
  }
  if (stoppedAlone()) return stoppedResult(notify);
  if (!result || context.signal.aborted) {
    notify("stopped", "The task was cancelled.");
    return { content: "The subagent was cancelled before it finished.", isError: true };
  }
  const answer = result.subtype === "success" ? result.result : result.errors.join("\n");
  const failed = result.is_error;
  notify(failed ? "failed" : "completed", answer, result);
  return {
    content: failed
      ? `The subagent failed: ${answer}`
      : answer === ""
        ? "(The subagent gave no answer.)"
        : answer,
    ...(failed && { isError: true }),
    data: {
      status: failed ? "failed" : "completed",
      taskId,
      subagentType: input.subagent_type,
      totalTokens: result.usage.input_tokens + result.usage.output_tokens,
      totalToolUseCount: toolUses,
      numTurns: result.num_turns,
    },
  };
}

/** A subagent the host stopped: its notification says so, and the model hears it in the `Task` result. */
function stoppedResult(notify: (status: "stopped", summary: string) => void) {
  notify("stopped", "The task was stopped.");
  return { content: "The user stopped the subagent before it finished.", isError: true };
}

/** The child's messages a consumer needs for the subagent tree; its own init and status lines are not. */
function forwarded(message: EngineMessage): boolean {
  if (message.type === "system")
    return message.subtype === "task_started" || message.subtype === "task_notification";
  return message.type !== "result";
}
