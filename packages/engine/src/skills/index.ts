export { MAX_SKILLS, readSkills, type Skill, type SkillCatalog, type SkippedSkill } from "./read-skills.ts";
export { createSkillTool, type SkillTool, skillNamesOffered } from "./skill-tool.ts";
