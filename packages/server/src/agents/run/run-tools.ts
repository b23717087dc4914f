import {
  type AskUserToolOptions,
  builtinTools,
  createProjectStructureTool,
  type EngineTool,
  type EnvironmentVariables,
  type ToolContext,
  type UpdatePlanToolOptions,
  watchFileWrites,
} from "@parley/engine";
import type { ChangeTracker } from "../changes/change-tracker.ts";

/** How a run watches its tools: when each call starts, what files change, and the host callbacks. */
export interface RunToolHooks {
  /** A call is about to execute (after any approval). */
  onStart(toolUseId: string, toolName: string, input: unknown, parentToolUseId: string | undefined): void;
  changes: ChangeTracker;
  ask: AskUserToolOptions["ask"];
  onPlanUpdate: UpdatePlanToolOptions["onUpdate"];
  /** Tools from outside the engine (the project's MCP servers), offered after the built-in ones. */
  extraTools?: readonly EngineTool[];
  /** The environment each kind of child a tool starts begins with (the person's minus Parley's secrets). */
  childEnvironment: (kind: "shell" | "git") => Promise<EnvironmentVariables>;
}

/**
 * A server run's tools: the built-in tools, `Task` (subagents, which get the same instrumented tools),
 * `AskUserQuestion`, `UpdatePlan` and `ProjectStructure`, each wrapped so the run sees when a call starts
 * executing and what a file looked like before and after a `Write` or `Edit`. Approval is untouched: the loop still asks
 * `canUseTool` before `execute` for every tool that requires it.
 */
export function runTools(hooks: RunToolHooks): EngineTool[] {
  const tools = [
    ...builtinTools({
      bash: { environment: () => hooks.childEnvironment("shell") },
      askUser: { ask: hooks.ask },
      updatePlan: { onUpdate: hooks.onPlanUpdate },
    }),
    createProjectStructureTool({ environment: () => hooks.childEnvironment("git") }),
    ...(hooks.extraTools ?? []),
  ];
  return watchFileWrites(tools, async (filePath) => {
    const key = await hooks.changes.before(filePath);
    return key === undefined ? undefined : () => hooks.changes.after(key);
  }).map((tool) => announceStart(tool, hooks));
}

function announceStart(tool: EngineTool, hooks: RunToolHooks): EngineTool {
  // A copy keeps every own field (an MCP tool's origin too); only `execute` is wrapped.
  return {
    ...tool,
    execute: async (input: unknown, context: ToolContext) => {
      hooks.onStart(context.toolUseId, tool.name, input, context.turn.parentToolUseId);
      return await tool.execute(input, context);
    },
  };
}
