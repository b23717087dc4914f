import type { ToolAccess } from "../tools/engine-tool.ts";
import { escapeGlob } from "./glob-pattern.ts";
import type { PermissionRule } from "./permission-rule.ts";
import { protectedPathReason } from "./protected-paths.ts";
import { riskyFlagIn } from "./risky-shell-flags.ts";
import { analyzeShellCommand, isPlainCommand } from "./shell-command.ts";

// Programs whose second word (third for `npm run x`) says what they do, so `git status` is a sensible
// rule and `git` alone is not.
const SUBCOMMAND_DEPTH: ReadonlyMap<string, number> = new Map([
  ["git", 1],
  ["npm", 1],
  ["pnpm", 1],
  ["yarn", 1],
  ["bun", 1],
  ["cargo", 1],
  ["go", 1],
  ["make", 1],
  ["docker", 1],
  ["kubectl", 1],
  ["uv", 1],
  ["pip", 1],
  ["poetry", 1],
  ["dotnet", 1],
  ["gradle", 1],
  ["mvn", 1],
  ["npx", 1],
]);
const RUNS_A_SCRIPT = new Set(["run", "exec", "x"]);
const SUBCOMMAND = /^[A-Za-z][\w:.-]*$/;

/**
 * The narrowest sensible "always allow" rule for a call that was approved, or `undefined` when none should
 * be offered (protected paths, shell lines that are not one plain command, risky options): a file's folder
 * (`src/app/**`, or the file itself at the project root), a command with its subcommand (`git status`,
 * `npm run build`) or else the exact command, and the bare tool name for other tools.
 * `canonicalPath` is the path the call resolved to, for file tools: project-relative, or absolute in an
 * added directory.
 */
export function suggestAllowRule(
  toolName: string,
  access: ToolAccess | undefined,
  canonicalPath?: string,
): PermissionRule | undefined {
  if (access?.kind === "read" || access?.kind === "write") {
    const path = canonicalPath ?? access.path;
    if (path === "" || protectedPathReason(path) !== undefined) return undefined;
    const slash = path.lastIndexOf("/");
    const pattern = slash < 0 ? escapeGlob(path) : `${escapeGlob(path.slice(0, slash))}/**`;
    // An absolute path (in an added directory) is written `//abs/...`, as Claude Code reads rules.
    return { tool: toolName, pattern: path.startsWith("/") ? `/${pattern}` : pattern, behavior: "allow" };
  }
  if (access?.kind === "execute") {
    const analysis = analyzeShellCommand(access.command);
    const words = analysis.commands[0]?.words;
    if (!isPlainCommand(analysis) || !words || riskyFlagIn(words) !== undefined) return undefined;
    return { tool: toolName, pattern: commandPrefix(words).map(quoteWord).join(" "), behavior: "allow" };
  }
  return { tool: toolName, behavior: "allow" };
}

function commandPrefix(words: string[]): string[] {
  const [program, ...rest] = words;
  const depth = program === undefined ? undefined : SUBCOMMAND_DEPTH.get(program);
  if (depth === undefined) return words;
  const prefix = [program as string];
  for (const word of rest) {
    if (!SUBCOMMAND.test(word)) break;
    prefix.push(word);
    const runsScript = prefix.length === 2 && RUNS_A_SCRIPT.has(word);
    if (prefix.length > depth + (runsScript ? 1 : 0)) break;
  }
  return prefix.length > 1 ? prefix : words;
}

function quoteWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}
