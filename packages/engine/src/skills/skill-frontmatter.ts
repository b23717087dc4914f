import { parse } from "yaml";

/** A `SKILL.md` split into the frontmatter fields Parley reads and the instructions below them. */
export interface SkillDocument {
  fields: { name?: unknown; description?: unknown };
  body: string;
}

/** The longest frontmatter read: the standard's fields at their longest with room for metadata. */
export const MAX_FRONTMATTER_CHARACTERS = 8192;

const FRONTMATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const TOP_LEVEL_KEY = /^([A-Za-z0-9_-]+)[ \t]*:(?:[ \t]|$)/;
/** How a YAML value that is not a plain, quoted or block string begins: a list, a map, an anchor, a tag. */
const NOT_A_STRING = /^[[{&*!%@`?-]/;

/**
 * Splits `text` at its frontmatter (`---` lines at the very top) and reads its `name` and `description`.
 * Only those two fields are given to the YAML parser, each on its own, and only when it is a string (plain,
 * quoted or a `|`/`>` block): the parser's time grows much faster than its input on nested flow lists and
 * thousands of keys (a 1 KiB `[[[…` took 70–120 ms, a 4 KiB block of keys 90–210 ms), and a repository
 * could put a thousand such files in its skill folders. A scalar field parses in linear time.
 */
export function splitFrontmatter(text: string): SkillDocument | { error: string } {
  const match = FRONTMATTER.exec(text);
  if (match === null) return { fields: {}, body: text };
  const block = match[1] ?? "";
  if (block.length > MAX_FRONTMATTER_CHARACTERS)
    return { error: `its frontmatter is longer than ${MAX_FRONTMATTER_CHARACTERS} characters` };
  const fields: SkillDocument["fields"] = {};
  for (const key of ["name", "description"] as const) {
    const field = topLevelField(block, key);
    if (field === undefined) continue;
    try {
      const parsed: unknown = parse(field, { maxAliasCount: 0, prettyErrors: false });
      fields[key] = (parsed as Record<string, unknown> | null)?.[key];
    } catch (error) {
      return { error: `its ${key} is not valid YAML (${(error as Error).message.split("\n")[0]})` };
    }
  }
  return { fields, body: text.slice(match[0].length) };
}

/**
 * The YAML text of one top-level field (`key: value` and the indented lines that continue it), when its value
 * starts on the key's line as a string; undefined when the key is absent or its value is anything else (a
 * list, a map, an alias, a tagged node, or a value that starts on the next line).
 */
function topLevelField(block: string, key: string): string | undefined {
  const lines = block.split(/\r?\n/);
  const start = lines.findIndex((line) => TOP_LEVEL_KEY.exec(line)?.[1] === key);
  if (start === -1) return undefined;
  const first = lines[start] as string;
  const value = first.slice(first.indexOf(":") + 1).trim();
  if (value === "" || NOT_A_STRING.test(value)) return undefined;
  let end = start + 1;
  while (end < lines.length && /^(?:[ \t]|$)/.test(lines[end] as string)) end++;
  return lines.slice(start, end).join("\n");
}
