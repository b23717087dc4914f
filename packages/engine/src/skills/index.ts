export { MAX_SKILLS, readSkills, type Skill, type SkillCatalog } from "./read-skills.ts";
export { createSkillTool, modelSkills } from "./skill-tool.ts";
