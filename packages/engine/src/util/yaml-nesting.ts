/**
 * How deep `[` and `{` nest outside quoted strings and comments, in one pass over YAML text. The `yaml`
 * library's time (and, given 4 KiB of `[`, its regular expressions' memory: V8 aborted the process) grows much
 * faster than its input on deep flow nesting, so text from a cloned repository is measured before it is parsed.
 */
export function yamlFlowNesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  let quote: string | undefined;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (quote !== undefined) {
      if (character === "\\" && quote === '"') index++;
      else if (character === quote || character === "\n") quote = undefined;
    } else if (character === '"' || character === "'") quote = character;
    else if (character === "#") {
      const end = text.indexOf("\n", index);
      index = end === -1 ? text.length : end;
    } else if (character === "[" || character === "{") deepest = Math.max(deepest, ++depth);
    else if ((character === "]" || character === "}") && depth > 0) depth--;
  }
  return deepest;
}

/** The deepest `[`/`{` nesting given to the parser; a workflow or a frontmatter field needs two or three. */
export const MAX_YAML_FLOW_NESTING = 32;
