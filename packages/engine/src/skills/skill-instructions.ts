import { expandCustomCommand } from "../custom-commands/expand-custom-command.ts";
import type { Skill } from "./read-skills.ts";

/**
 * The line before a skill's instructions: the folder its scripts and references are in, and for the person's
 * own skill that the file tools cannot read there (it is outside the project).
 */
export function skillPreamble(skill: Pick<Skill, "source" | "folder">): string {
  return skill.source === "project"
    ? `Base directory for this skill: ${skill.folder}`
    : `Base directory for this skill: ${skill.folder} (the person's own skill, outside the project: the file tools cannot read its other files)`;
}

/**
 * A skill's instructions as the model gets them, from the `Skill` tool or from a person typing `/name args`:
 * the folder line, then the `SKILL.md` body with `args` filled in as Claude Code fills in skills (`$ARGUMENTS`,
 * `$ARGUMENTS[n]`, `$n` from `$0`; else `ARGUMENTS: …` appended). Without arguments the body is as written:
 * a skill the model loads on its own often shows a script, and its `awk '{print $1}'` is the script's.
 */
export function skillInstructions(
  skill: Pick<Skill, "source" | "folder">,
  body: string,
  args: string | undefined,
): string {
  const preamble = skillPreamble(skill);
  if (args === undefined || args.trim() === "") return `${preamble}\n\n${body.trim()}`;
  return expandCustomCommand({ preamble, body: body.trim(), origin: "claude" }, args.trim());
}
