import { parse } from "yaml";

/** A `SKILL.md` split into its YAML frontmatter's fields and the instructions below it. */
export interface SkillDocument {
  fields: Record<string, unknown>;
  body: string;
}

const FRONTMATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * Splits `text` at its frontmatter (`---` lines at the very top); a file without one is all body, and one
 * whose YAML does not parse to a mapping says so. Aliases are refused: the file is anyone's words, and a
 * few lines of nested aliases expand to millions of nodes.
 */
export function splitFrontmatter(text: string): SkillDocument | { error: string } {
  const match = FRONTMATTER.exec(text);
  if (match === null) return { fields: {}, body: text };
  let fields: unknown;
  try {
    fields = parse(match[1] ?? "", { maxAliasCount: 0, prettyErrors: false });
  } catch (error) {
    return { error: `its frontmatter is not valid YAML (${(error as Error).message.split("\n")[0]})` };
  }
  if (fields === null || fields === undefined) fields = {};
  if (typeof fields !== "object" || Array.isArray(fields))
    return { error: "its frontmatter is not a list of fields" };
  return { fields: fields as Record<string, unknown>, body: text.slice(match[0].length) };
}
