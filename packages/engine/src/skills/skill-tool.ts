import { lazySchema } from "@parley/protocol";
import { z } from "zod";
import type { PermissionRule } from "../permissions/permission-rule.ts";
import { defineTool, type EngineTool } from "../tools/engine-tool.ts";
import { readSkillBody, type Skill } from "./read-skills.ts";
import { skillInstructions } from "./skill-instructions.ts";

/** The tool's name, as Claude Code names it: `system/init` lists skills only while a turn offers it. */
export const SKILL_TOOL_NAME = "Skill";

const SkillInputSchema = lazySchema(() =>
  z.object({
    skill: z.string().describe('The skill\'s name, as listed (e.g. "pdf-forms")'),
    args: z.string().optional().describe("What the skill is to work on, when it takes anything"),
  }),
);

/** `<` and `>` written as entities: a description is the repository's words and must not close the list. */
function inert(text: string): string {
  return text.replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The tool's description: what it does, then one line per skill (the model decides from these alone). */
function describeSkills(skills: readonly Skill[]): string {
  return [
    "Loads a skill: instructions (and the folder of scripts and references they mention) for one kind of task.",
    "When a task matches a skill's description, call this first and follow what it returns; do not call it for a skill already loaded in this conversation.",
    "",
    "<available_skills>",
    ...skills.map((skill) => `- ${skill.name}: ${inert(skill.description)}`),
    "</available_skills>",
  ].join("\n");
}

/**
 * `Skill`, as Claude Code names it: the catalogue of skills in its description, and the chosen skill's
 * `SKILL.md` (read again, confined as before) as its result, with the folder its other files are in and the
 * arguments filled in. It reads only, so it never asks; a skill's scripts run through `Bash`, which asks as
 * always. A skill marked `disable-model-invocation: true` is neither listed nor loaded.
 */
export function createSkillTool(
  projectRoot: string,
  all: readonly Skill[],
  rules: readonly PermissionRule[] = [],
): EngineTool {
  const skills = modelSkills(all);
  return defineTool({
    name: SKILL_TOOL_NAME,
    description: describeSkills(skills),
    inputSchema: SkillInputSchema,
    requiresApproval: false,
    access: () => ({ kind: "other", readOnly: true }),
    execute: async (input) => {
      const skill = skills.find((candidate) => candidate.name === input.skill.trim().replace(/^\//, ""));
      if (skill === undefined)
        throw new Error(
          `There is no skill "${input.skill}". The skills are: ${skills.map((known) => known.name).join(", ")}.`,
        );
      const read = await readSkillBody(projectRoot, skill, rules);
      if ("reason" in read) throw new Error(`The skill "${skill.name}" cannot be loaded: ${read.reason}.`);
      return skillInstructions(skill, read.body, input.args);
    },
  });
}

/**
 * The skills the model may load: all but those whose frontmatter says `disable-model-invocation: true`
 * (the person's to type as `/name`, as Claude Code keeps them). No skill left, no `Skill` tool.
 */
export function modelSkills(skills: readonly Skill[]): Skill[] {
  return skills.filter((skill) => skill.disableModelInvocation !== true);
}
