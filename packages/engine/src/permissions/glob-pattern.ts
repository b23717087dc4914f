/**
 * Compiles a path glob to a regular expression matching whole `/`-separated paths: `*` and `?` stay within
 * one name, `**` as a whole segment spans any number of folders (`src/**` matches everything below `src`),
 * `[abc]`/`[!abc]` are character classes, `{ts,tsx}` alternatives, and `\` escapes the next character.
 * With `matchBase`, a pattern without `/` matches the last name at any depth (as ripgrep's `--glob`).
 */
export function compileGlob(pattern: string, options: { matchBase?: boolean } = {}): RegExp {
  const body = translate(pattern);
  if (options.matchBase && !pattern.includes("/")) return new RegExp(`^(?:.*/)?${body}$`, "s");
  return new RegExp(`^${body}$`, "s");
}

/** Whether `path` (`/`-separated, relative) matches `pattern`; see `compileGlob`. */
export function matchesGlob(pattern: string, path: string, options: { matchBase?: boolean } = {}): boolean {
  return compileGlob(pattern, options).test(path);
}

/** `path` as a glob that matches exactly it: its glob characters escaped. */
export function escapeGlob(path: string): string {
  return path.replace(/[*?[\]{}\\]/g, "\\$&");
}

function translate(pattern: string): string {
  let out = "";
  let braceDepth = 0;
  // Unbalanced braces are taken literally rather than producing a wrong or invalid expression.
  const bracesBalanced = balancedBraces(pattern);
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index] as string;
    const atSegmentStart = index === 0 || pattern[index - 1] === "/";
    if (char === "*" && pattern[index + 1] === "*" && atSegmentStart) {
      const next = pattern[index + 2];
      if (next === "/") {
        out += "(?:[^/]*/)*";
        index += 2;
        continue;
      }
      if (next === undefined) {
        out += ".*";
        index += 1;
        continue;
      }
    }
    switch (char) {
      case "*":
        out += "[^/]*";
        break;
      case "?":
        out += "[^/]";
        break;
      case "[": {
        const end = pattern.indexOf("]", index + 2);
        if (end < 0) {
          out += "\\[";
          break;
        }
        let content = pattern.slice(index + 1, end);
        const negated = content.startsWith("!") || content.startsWith("^");
        if (negated) content = content.slice(1);
        out += `[${negated ? "^/" : ""}${content.replace(/[\\\]^]/g, "\\$&")}]`;
        index = end;
        break;
      }
      case "{":
        if (bracesBalanced) {
          braceDepth += 1;
          out += "(?:";
        } else out += "\\{";
        break;
      case "}":
        if (braceDepth > 0) {
          braceDepth -= 1;
          out += ")";
        } else out += "\\}";
        break;
      case ",":
        out += braceDepth > 0 ? "|" : ",";
        break;
      case "\\": {
        const next = pattern[index + 1];
        if (next !== undefined) {
          out += escapeRegExp(next);
          index += 1;
        } else out += "\\\\";
        break;
      }
      default:
        out += escapeRegExp(char);
    }
  }
  return out;
}

function balancedBraces(pattern: string): boolean {
  let depth = 0;
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === "\\") index += 1;
    else if (char === "{") depth += 1;
    else if (char === "}" && --depth < 0) return false;
  }
  return depth === 0;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
