import { type CharTest, GlobAutomaton, type GlobPart } from "./glob-automaton.ts";

/** A compiled glob: whether a whole `/`-separated path matches it. */
export interface GlobMatcher {
  test(path: string): boolean;
}

/**
 * Compiles a path glob to a matcher of whole `/`-separated paths: `*` and `?` stay within one name, `**` as a
 * whole segment spans any number of folders (`src/**` matches everything below `src`), `[abc]`/`[!abc]` are
 * character classes, `{ts,tsx}` alternatives, and `\` escapes the next character. With `matchBase`, a pattern
 * without `/` matches the last name at any depth (as ripgrep's `--glob`). Matching takes time linear in the
 * path whatever the pattern (see `glob-automaton.ts`: a regular expression could be made to take minutes).
 */
export function compileGlob(
  pattern: string,
  options: { matchBase?: boolean; maxStates?: number } = {},
): GlobMatcher {
  const matchBase = options.matchBase === true && !pattern.includes("/");
  const key = `${matchBase ? "b" : "p"}${pattern}`;
  const cached = options.maxStates === undefined ? compiled.get(key) : undefined;
  if (cached !== undefined) return cached;
  const parts = parseGlob(pattern);
  if (matchBase) parts.unshift({ kind: "segments" });
  const automaton = new GlobAutomaton(parts, options.maxStates);
  if (options.maxStates === undefined) {
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    compiled.set(key, automaton);
  }
  return automaton;
}

/**
 * Globs compiled lately: a walk checks each name against the same permission rules and ignore patterns, and
 * an automaton keeps the DFA states it has built, so reusing it is what makes the second name cheap.
 */
const compiled = new Map<string, GlobAutomaton>();
const MAX_COMPILED = 64;

/** Whether `path` (`/`-separated, relative) matches `pattern`; see `compileGlob`. */
export function matchesGlob(pattern: string, path: string, options: { matchBase?: boolean } = {}): boolean {
  return compileGlob(pattern, options).test(path);
}

/** `path` as a glob that matches exactly it: its glob characters escaped. */
export function escapeGlob(path: string): string {
  return path.replace(/[*?[\]{}\\]/g, "\\$&");
}

const SLASH = 47;
const anyChar: CharTest = () => true;
const notSlash: CharTest = (code) => code !== SLASH;
const literal = (char: string): GlobPart => {
  const expected = char.charCodeAt(0);
  return { kind: "char", test: (code) => code === expected };
};

function parseGlob(pattern: string): GlobPart[] {
  const top: GlobPart[] = [];
  // Open `{…}` groups, innermost last; each is the options so far, the last one being filled.
  const groups: GlobPart[][][] = [];
  const current = (): GlobPart[] => (groups.at(-1)?.at(-1) as GlobPart[] | undefined) ?? top;
  // Unbalanced braces are taken literally rather than producing a wrong matcher.
  const bracesBalanced = balancedBraces(pattern);
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index] as string;
    const atSegmentStart = index === 0 || pattern[index - 1] === "/";
    if (char === "*" && pattern[index + 1] === "*" && atSegmentStart) {
      const next = pattern[index + 2];
      if (next === "/") {
        current().push({ kind: "segments" });
        index += 2;
        continue;
      }
      if (next === undefined) {
        current().push({ kind: "repeat", test: anyChar });
        index += 1;
        continue;
      }
    }
    switch (char) {
      case "*":
        current().push({ kind: "repeat", test: notSlash });
        break;
      case "?":
        current().push({ kind: "char", test: notSlash });
        break;
      case "[": {
        const end = pattern.indexOf("]", index + 2);
        if (end < 0) {
          current().push(literal("["));
          break;
        }
        let content = pattern.slice(index + 1, end);
        const negated = content.startsWith("!") || content.startsWith("^");
        if (negated) content = content.slice(1);
        const inClass = characterClass(content);
        current().push({
          kind: "char",
          test: negated ? (code) => code !== SLASH && !inClass(code) : inClass,
        });
        index = end;
        break;
      }
      case "{":
        if (bracesBalanced) groups.push([[]]);
        else current().push(literal("{"));
        break;
      case "}": {
        const options = groups.pop();
        if (options) current().push({ kind: "alternatives", options });
        else current().push(literal("}"));
        break;
      }
      case ",": {
        const group = groups.at(-1);
        if (group) group.push([]);
        else current().push(literal(","));
        break;
      }
      case "\\": {
        const next = pattern[index + 1];
        current().push(literal(next ?? "\\"));
        if (next !== undefined) index += 1;
        break;
      }
      default:
        current().push(literal(char));
    }
  }
  // A class can take a `}` the balance counted (`{[}]`): the old regular expression was invalid there too.
  if (groups.length > 0) throw new SyntaxError(`Invalid glob: an unclosed { in ${pattern}`);
  return top;
}

/** `[…]`'s content (without the brackets and negation): literal characters and `a-z` ranges. */
function characterClass(content: string): CharTest {
  const singles = new Set<number>();
  const ranges: [number, number][] = [];
  for (let index = 0; index < content.length; index++) {
    const from = content.charCodeAt(index);
    if (content[index + 1] === "-" && index + 2 < content.length) {
      const to = content.charCodeAt(index + 2);
      if (to < from) throw new SyntaxError(`Invalid glob: range out of order in [${content}]`);
      ranges.push([from, to]);
      index += 2;
    } else singles.add(from);
  }
  return (code) => singles.has(code) || ranges.some(([from, to]) => code >= from && code <= to);
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
