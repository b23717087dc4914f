import type { EngineTool } from "../engine-tool.ts";
import { type BashToolOptions, createBashTool } from "./bash-tool.ts";
import { editTool } from "./edit-tool.ts";
import { globTool } from "./glob-tool.ts";
import { grepTool } from "./grep-tool.ts";
import { lsTool } from "./ls-tool.ts";
import { readTool } from "./read-tool.ts";
import { createTaskTool, type TaskToolOptions } from "./task-tool.ts";
import { writeTool } from "./write-tool.ts";

/** Options for `builtinTools`: how `Bash` runs, and how `Task` starts subagents (`false` leaves it out). */
export interface BuiltinToolsOptions {
  bash?: BashToolOptions;
  task?: TaskToolOptions | false;
}

/**
 * Parley's built-in agent tools under Claude Code's names: `Read`, `LS`, `Glob`, `Grep` (no approval),
 * `Write`, `Edit`, `Bash` (approval required) and `Task` (subagents, whose own calls ask as usual). The
 * file tools are confined to the turn's `cwd`.
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
  return tools;
}
