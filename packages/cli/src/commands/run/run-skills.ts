import { type PermissionRule, readSkills, type Skill, type SkillCatalog } from "@parley/engine";
import type { ParleySettings } from "@parley/protocol";
import type { RunArgs } from "./parse-run-args.ts";
import { toolWanted } from "./tool-wanted.ts";

/** The skills of a `parley run`: those the `Skill` tool offers, and all read (each is a slash command too). */
export interface RunSkills {
  /** For the `Skill` tool and `system/init`: none while settings.json turns the project's instruction files off. */
  forModel: Skill[];
  /** For the slash commands: the person's own stay when the switch keeps the project's away. */
  catalog: SkillCatalog;
}

const NO_SKILLS: SkillCatalog = { skills: [], skipped: [], bodies: new Map() };

/**
 * The person's own (`user`) and the project's (`project`) skills as `--setting-sources` names them (both
 * without the flag), none at all when `--tools`/`--disallowedTools` leave `Skill` out. The instruction-file
 * switch keeps the project's from being read and every one from the model. A skill folder that is there and is
 * not offered is reported, as instruction files are.
 */
export async function readRunSkills(
  options: {
    args: RunArgs;
    settings: ParleySettings;
    home: string;
    userHome: string | undefined;
    warn: (message: string) => void;
  },
  projectRoot: string,
  rules: readonly PermissionRule[],
  removed: ReadonlySet<string>,
): Promise<RunSkills> {
  const { args, settings, home, warn } = options;
  // Not read at all when the Skill tool is not offered: nothing to warn about either.
  if (!toolWanted("Skill", args, removed)) return { forModel: [], catalog: NO_SKILLS };
  const switchedOff = settings.project_instructions === false;
  const sources = (args.settingSources ?? ["user", "project"]).filter(
    (source): source is "user" | "project" => source === "user" || (source === "project" && !switchedOff),
  );
  if (sources.length === 0) return { forModel: [], catalog: NO_SKILLS };
  const catalog = await readSkills(projectRoot, { parleyHome: home, home: options.userHome, rules, sources });
  // The engine names them without control characters: none of a repository's reaches the terminal.
  for (const left of catalog.skipped)
    warn(`parley: the skill in ${left.path} is not offered: ${left.reason}`);
  return { forModel: switchedOff ? [] : catalog.skills, catalog };
}
