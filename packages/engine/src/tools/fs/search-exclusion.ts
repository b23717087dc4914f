import type { ConfinedPath } from "../../permissions/confine-path.ts";
import { ruleFileBelow } from "../../permissions/rule-path.ts";
import type { ToolContext } from "../engine-tool.ts";

/**
 * What a search or listing of `folder` leaves out, as `walkProject`'s `exclude` takes it: the names a deny or
 * ask `Read` rule covers (`ToolContext.excludedFromSearch`); undefined when no rule restricts reading.
 */
export function exclusionBelow(
  context: ToolContext,
  folder: ConfinedPath,
): ((absolute: string, isFolder: boolean) => boolean) | undefined {
  const excluded = context.excludedFromSearch;
  if (excluded === undefined) return undefined;
  return (absolute, isFolder) => excluded(ruleFileBelow(folder, absolute, isFolder));
}

/** The line a search's result ends with when Read rules left names out, so the model knows why. */
export function exclusionNote(count: number): string | undefined {
  if (count === 0) return undefined;
  return `[${count} ${count === 1 ? "name was" : "names were"} left out: a Read rule denies or asks about reading ${count === 1 ? "it" : "them"}.]`;
}
