import { loadYaml } from "../util/load-yaml.ts";
import { MAX_YAML_FLOW_NESTING, yamlFlowNesting } from "../util/yaml-nesting.ts";

/** A Markdown file's YAML frontmatter as Parley reads it: a few named top-level fields, and the body below. */
export interface Frontmatter<Key extends string> {
  /** Each named field whose value is a string (plain, quoted or a `|`/`>` block), as YAML reads it. */
  strings: Partial<Record<Key, string>>;
  /** Each named field's value as written on its line (`[pr-number]` for a YAML list), trimmed. */
  written: Partial<Record<Key, string>>;
  /** Every top-level key the block has, named or not (`allowed-tools`, to say it grants nothing). */
  keys: ReadonlySet<string>;
  body: string;
  /** Why the block, or a named field in it, was not read; the fields read before it are kept. */
  error?: string;
}

/** The longest frontmatter read: the Agent Skills standard's fields at their longest with room for metadata. */
export const MAX_FRONTMATTER_CHARACTERS = 8192;

const FRONTMATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const TOP_LEVEL_KEY = /^([A-Za-z0-9_-]+)[ \t]*:(?:[ \t]|$)/;
/** How a YAML value that is not a plain, quoted or block string begins: a list, a map, an anchor, a tag. */
const NOT_A_STRING = /^[[{&*!%@`?-]/;

/**
 * Splits `text` at its frontmatter (`---` lines at the very top) and reads the fields named by `keys`. Only
 * those fields are given to the YAML parser, each on its own, and only when its value is a string: the
 * parser's time grows much faster than its input on nested flow lists and thousands of keys (a 1 KiB `[[[…`
 * took 70–120 ms, a 4 KiB block of keys 90–210 ms), and a cloned repository can hold a thousand such files
 * (skills, custom commands). A quoted value closed on its line is given alone, a field nested past
 * `MAX_YAML_FLOW_NESTING` is not given, and aliases are refused.
 */
export async function readFrontmatter<Key extends string>(
  text: string,
  keys: readonly Key[],
): Promise<Frontmatter<Key>> {
  const match = FRONTMATTER.exec(text);
  const empty = { strings: {}, written: {}, keys: new Set<string>() };
  if (match === null) return { ...empty, body: text };
  const body = text.slice(match[0].length);
  const block = match[1] ?? "";
  if (block.length > MAX_FRONTMATTER_CHARACTERS)
    return {
      ...empty,
      body,
      error: `its frontmatter is longer than ${MAX_FRONTMATTER_CHARACTERS} characters`,
    };
  const lines = block.split(/\r?\n/);
  const found: Frontmatter<Key> = {
    ...empty,
    keys: new Set(lines.flatMap((line) => TOP_LEVEL_KEY.exec(line)?.[1] ?? [])),
    body,
  };
  for (const key of keys) {
    const field = topLevelField(lines, key);
    if (field === undefined) continue;
    found.written[key] = field.written;
    if (field.yaml === undefined) continue;
    try {
      const parsed: unknown = (await loadYaml()).parse(field.yaml, { maxAliasCount: 0, prettyErrors: false });
      const value = (parsed as Record<string, unknown> | null)?.[key];
      if (typeof value === "string") found.strings[key] = value;
    } catch (error) {
      return { ...found, error: `its ${key} is not valid YAML (${(error as Error).message.split("\n")[0]})` };
    }
  }
  return found;
}

/**
 * One top-level field: its value as written on the key's line, and its YAML text (`key: value` and the
 * indented lines that continue it) when that value starts on the line as a string; no YAML when the value is
 * anything else (a list, a map, an alias, a tagged node, or a value that starts on the next line).
 */
function topLevelField(
  lines: readonly string[],
  key: string,
): { written: string; yaml?: string } | undefined {
  const start = lines.findIndex((line) => TOP_LEVEL_KEY.exec(line)?.[1] === key);
  if (start === -1) return undefined;
  const first = lines[start] as string;
  const written = first.slice(first.indexOf(":") + 1).trim();
  if (written === "" || NOT_A_STRING.test(written)) return { written };
  // A quoted value closed on its line is the whole field: what is indented after it is not the value's, and
  // the parser's error on it cost up to 600 ms a file in review.
  if (closedQuote(written)) return { written, yaml: first };
  let end = start + 1;
  while (end < lines.length && /^(?:[ \t]|$)/.test(lines[end] as string)) end++;
  const yaml = lines.slice(start, end).join("\n");
  return yamlFlowNesting(yaml) > MAX_YAML_FLOW_NESTING ? { written } : { written, yaml };
}

/** Whether a value starts with a quote that closes on the same line (`'it''s'`, `"a \"b\""`). */
function closedQuote(value: string): boolean {
  const quote = value[0];
  if (quote !== '"' && quote !== "'") return false;
  for (let index = 1; index < value.length; index++) {
    if (quote === '"' && value[index] === "\\") index++;
    else if (value[index] === quote) {
      if (quote === "'" && value[index + 1] === "'") index++;
      else return true;
    }
  }
  return false;
}
