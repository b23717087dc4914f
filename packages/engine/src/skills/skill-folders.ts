import { join } from "node:path";

/** Whose a skill is: the project's (a cloned repository's, so anyone's words) or the person's own. */
export type SkillSource = "user" | "project";

/** A folder holding skills, one sub-folder each with its `SKILL.md`. */
export interface SkillFolder {
  source: SkillSource;
  /** For `project`, relative to the project root; for `user`, absolute. */
  path: string;
}

/**
 * Where the project's skills are: the Agent Skills standard's own folder, then the ones Claude Code, OpenCode and
 * Parley read, so a repository set up for any of them works as it is.
 */
export const PROJECT_SKILL_FOLDERS: readonly string[] = [
  ".agents/skills",
  ".claude/skills",
  ".opencode/skills",
  ".opencode/skill",
  ".parley/skills",
];

/**
 * The person's own skill folders: Parley's home first, then the ones other agents read from the person's
 * home directory (`HOME` of the environment Parley was started with; none when it has no `HOME`).
 */
export function userSkillFolders(parleyHome: string, home: string | undefined): string[] {
  return [
    join(parleyHome, "skills"),
    ...(home
      ? [
          join(home, ".agents", "skills"),
          join(home, ".claude", "skills"),
          join(home, ".config", "opencode", "skills"),
        ]
      : []),
  ];
}
