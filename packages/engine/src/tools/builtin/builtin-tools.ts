import type { EngineTool } from "../engine-tool.ts";
import { type AskUserToolOptions, createAskUserTool } from "./ask-user-tool.ts";
import { type BashToolOptions, createBashTool } from "./bash-tool.ts";
import { editTool } from "./edit-tool.ts";
import { globTool } from "./glob-tool.ts";
import { grepTool } from "./grep-tool.ts";
import { lsTool } from "./ls-tool.ts";
import { readTool } from "./read-tool.ts";
import { createTaskTool, type TaskToolOptions } from "./task-tool.ts";
import { createUpdatePlanTool, type UpdatePlanToolOptions } from "./update-plan-tool.ts";
import { writeTool } from "./write-tool.ts";

/**
 * Options for `builtinTools`: how `Bash` runs, how `Task` starts subagents (`false` leaves it out), and the
 * host callbacks that add `AskUserQuestion` and `UpdatePlan` (left out without them).
 */
export interface BuiltinToolsOptions {
  bash?: BashToolOptions;
  task?: TaskToolOptions | false;
  askUser?: AskUserToolOptions;
  updatePlan?: UpdatePlanToolOptions;
}

/**
 * Parley's built-in agent tools under Claude Code's names: `Read`, `LS`, `Glob`, `Grep` (no approval),
 * `Write`, `Edit`, `Bash` (approval required) and `Task` (subagents, whose own calls ask as usual), then
 * `AskUserQuestion` and `UpdatePlan` when their callbacks are given. File tools are confined to `cwd`.
 */
export function builtinTools(options: BuiltinToolsOptions = {}): EngineTool[] {
  const tools: EngineTool[] = [
    readTool,
    lsTool,
    globTool,
    grepTool,
    writeTool,
    editTool,
    createBashTool(options.bash),
  ];
  if (options.task !== false) tools.push(createTaskTool(options.task));
  if (options.askUser) tools.push(createAskUserTool(options.askUser));
  if (options.updatePlan) tools.push(createUpdatePlanTool(options.updatePlan));
  return tools;
}
