import type { SkippedFile } from "@parley/protocol";
import type { SkillCatalog } from "../skills/read-skills.ts";
import { skillPreamble } from "../skills/skill-instructions.ts";
import { oneLine } from "../util/one-line.ts";
import { printableText } from "../util/printable-text.ts";
import { byCommandName, type CustomCommandCatalog } from "./custom-command.ts";

/** The longest skill description a face lists after `/name` (the model's catalogue keeps up to 1,024). */
const MAX_LISTED_DESCRIPTION = 200;

/**
 * The slash commands with the skills added, as Claude Code 2.1 offers every skill as `/name`: a skill's
 * command gives the model its instructions as the `Skill` tool would (its folder, then the `SKILL.md` body
 * with the arguments filled in as Claude Code fills in skills). A skill wins a name a command file has
 * (Claude Code's rule), except that a project's skill does not stand in for the person's own command (the
 * person's own win over a cloned repository's, as everywhere); the file left is named with why. A skill whose
 * frontmatter says `user-invocable: false` is the model's only and is not listed.
 */
export function withSkillCommands(
  commands: CustomCommandCatalog,
  skills: SkillCatalog,
): CustomCommandCatalog {
  const byName = new Map(commands.commands.map((command) => [command.name, command]));
  const skipped: SkippedFile[] = [...commands.skipped];
  for (const skill of skills.skills) {
    const body = skills.bodies.get(skill.name);
    if (skill.userInvocable === false || body === undefined) continue;
    const path = printableText(`${skill.folder}/SKILL.md`);
    const command = byName.get(skill.name);
    if (command?.source === "user" && skill.source === "project") {
      skipped.push({
        path,
        reason: `${command.path}, the person's own command, has the same name (the agent can still load the skill)`,
      });
      continue;
    }
    if (command !== undefined)
      skipped.push({
        path: command.path,
        reason: `the skill in ${path} has the same name, and a skill wins`,
      });
    byName.set(skill.name, {
      name: skill.name,
      description: oneLine(skill.description, MAX_LISTED_DESCRIPTION),
      ...(skill.argumentHint !== undefined && { argument_hint: skill.argumentHint }),
      source: skill.source,
      // Claude Code fills a skill's arguments in by its own rule (`$0` is the first word), whichever folder it is in.
      origin: "claude",
      kind: "skill",
      path,
      ...(skill.notes !== undefined && { notes: skill.notes }),
      preamble: skillPreamble(skill),
      body: body.trim(),
    });
  }
  return { commands: [...byName.values()].sort(byCommandName), skipped };
}
