import {
  type AskUserToolOptions,
  builtinTools,
  createProjectStructureTool,
  type EngineTool,
  type EnvironmentVariables,
  type ToolContext,
  type UpdatePlanToolOptions,
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

/** The tools whose calls change files, and the input field naming the file. */
const FILE_WRITERS = new Set(["Write", "Edit"]);

/**
 * A server run's tools: the built-in tools, `Task` (subagents, which get the same instrumented tools),
 * `AskUserQuestion`, `UpdatePlan` and `ProjectStructure`, each wrapped so the run sees when a call starts
 * executing and what a file looked like before and after a `Write` or `Edit`. Approval is untouched: the loop still asks
 * `canUseTool` before `execute` for every tool that requires it.
 */
export function runTools(hooks: RunToolHooks): EngineTool[] {
  return [
    ...builtinTools({
      bash: { environment: () => hooks.childEnvironment("shell") },
      askUser: { ask: hooks.ask },
      updatePlan: { onUpdate: hooks.onPlanUpdate },
    }),
    createProjectStructureTool({ environment: () => hooks.childEnvironment("git") }),
    ...(hooks.extraTools ?? []),
  ].map((tool) => instrument(tool, hooks));
}

function instrument(tool: EngineTool, hooks: RunToolHooks): EngineTool {
  // A copy keeps every own field (an MCP tool's origin too); only `execute` is wrapped.
  return {
    ...tool,
    execute: async (input: unknown, context: ToolContext) => {
      hooks.onStart(context.toolUseId, tool.name, input, context.turn.parentToolUseId);
      const filePath = FILE_WRITERS.has(tool.name) ? (input as { file_path?: unknown }).file_path : undefined;
      const key = typeof filePath === "string" ? await hooks.changes.before(filePath) : undefined;
      try {
        return await tool.execute(input, context);
      } finally {
        if (key !== undefined) await hooks.changes.after(key);
      }
    },
  };
}
