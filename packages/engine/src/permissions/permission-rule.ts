import { PermissionBehaviorSchema } from "@parley/protocol";
import { z } from "zod";
import { matchesGlob } from "./glob-pattern.ts";
import { riskyFlagIn } from "./risky-shell-flags.ts";
import { analyzeShellCommand, isPlainCommand, type ShellCommandAnalysis } from "./shell-command.ts";

/**
 * A per-project permission rule: `tool` is a tool name (`Edit`, `Bash`, an MCP tool); `pattern` is a path
 * glob relative to the project root for file tools (`src/**`) or a command prefix for `Bash` (`git status`,
 * `npm test`; Claude Code's trailing `:*` is accepted); no pattern means every call of the tool.
 */
export const PermissionRuleSchema = z.looseObject({
  tool: z.string().min(1),
  pattern: z.string().min(1).optional(),
  behavior: PermissionBehaviorSchema,
});
export type PermissionRule = z.infer<typeof PermissionRuleSchema>;

/** A tool call as rules see it: the paths it touches (canonical first) or the command line it runs. */
export interface RuleSubject {
  toolName: string;
  /** Project-relative paths: the canonical one first, then the one the model wrote if it differs. */
  paths?: readonly string[];
  shell?: ShellCommandAnalysis;
  /** For a shell command: every output redirection targets a harmless place inside the project. */
  redirectsSafe?: boolean;
}

/**
 * Whether `rule` covers `subject`. Allow rules are matched strictly (the canonical path; a shell line only
 * when it is one plain command without risky options or unsafe redirections, whose words start with the
 * prefix); deny and ask rules loosely (any path the call names; any command in the line, by name too).
 */
export function ruleMatches(rule: PermissionRule, subject: RuleSubject): boolean {
  if (rule.tool !== subject.toolName && !coversMcpServer(rule.tool, subject.toolName)) return false;
  if (rule.pattern === undefined) return true;
  const strict = rule.behavior === "allow";
  if (subject.paths) {
    const candidates = strict ? subject.paths.slice(0, 1) : subject.paths;
    return candidates.some((path) => matchesGlob(rule.pattern as string, path));
  }
  if (subject.shell) {
    const prefix = commandPrefixWords(rule.pattern);
    if (prefix.length === 0) return false;
    if (!strict) {
      return subject.shell.commands.some(
        (command) =>
          startsWithWords(command.words, prefix) ||
          startsWithWords([programName(command.words[0]), ...command.words.slice(1)], prefix),
      );
    }
    const [command] = subject.shell.commands;
    return (
      isPlainCommand(subject.shell) &&
      command !== undefined &&
      subject.redirectsSafe === true &&
      riskyFlagIn(command.words) === undefined &&
      startsWithWords(command.words, prefix)
    );
  }
  return false;
}

/**
 * A server-wide MCP rule (`mcp__github`, as Claude Code writes it) covers each of that server's tools
 * (`mcp__github__create_issue`), and nothing of a server whose name merely starts the same.
 */
export function coversMcpServer(ruleTool: string, toolName: string): boolean {
  return (
    /^mcp__[^_]/.test(ruleTool) && !ruleTool.slice(5).includes("__") && toolName.startsWith(`${ruleTool}__`)
  );
}

/** The words of a command-prefix pattern (`git status`, `npm run test:*`); empty when it is not plain. */
export function commandPrefixWords(pattern: string): string[] {
  const trimmed = pattern.replace(/(?::\*|\s+\*)$/, "").trim();
  const analysis = analyzeShellCommand(trimmed);
  return isPlainCommand(analysis) ? (analysis.commands[0]?.words ?? []) : [];
}

function startsWithWords(words: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= words.length && prefix.every((word, index) => words[index] === word);
}

function programName(word: string | undefined): string {
  return word?.split("/").at(-1) ?? "";
}
