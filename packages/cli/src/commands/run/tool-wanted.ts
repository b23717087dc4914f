import type { RunArgs } from "./parse-run-args.ts";

/**
 * Whether `--tools` and `--disallowedTools` (its bare names, `removed`) leave the tool `name` in: what a tool
 * alone needs (the skills for `Skill`, the workflow files for `RunWorkflow`) is not read when it is left out.
 */
export function toolWanted(
  name: string,
  args: Pick<RunArgs, "tools">,
  removed: ReadonlySet<string>,
): boolean {
  return !removed.has(name) && (args.tools === undefined || args.tools.includes(name));
}
