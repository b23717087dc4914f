import { lazySchema, PermissionBehaviorSchema } from "@parley/protocol";
import { z } from "zod";
import { filePatternMatches, filePatternMatchesLoosely, type RuleFile } from "./rule-path.ts";
import {
  analyzeShellCommand,
  isPlainCommand,
  type ShellCommandAnalysis,
  type SimpleShellCommand,
} from "./shell-command.ts";

/**
 * A per-project permission rule: `tool` is a tool name (`Edit`, `Bash`, an MCP tool); `pattern` is a path
 * glob for file tools (`src/**` relative to the project root, `//abs/dir/**` absolute, `~/dir/**` in the
 * home directory; see `filePatternMatches`) or a command prefix for `Bash` (`git status`, `npm test`;
 * Claude Code's trailing `:*` is accepted); no pattern means every call of the tool.
 */
export const PermissionRuleSchema = lazySchema(() =>
  z.looseObject({
    tool: z.string().min(1),
    pattern: z.string().min(1).optional(),
    behavior: PermissionBehaviorSchema,
  }),
);
export type PermissionRule = z.infer<typeof PermissionRuleSchema>;

/** The built-in tools that read files: a `Read` rule applies to each of them, as in Claude Code. */
export const FILE_READ_TOOLS: ReadonlySet<string> = new Set(["Read", "LS", "Glob", "Grep"]);

/** A tool call as rules see it: the file it touches (canonical first) or the command line it runs. */
export interface RuleSubject {
  toolName: string;
  /** The file: its canonical place first, then the path the model wrote if it differs. */
  files?: readonly RuleFile[];
  shell?: ShellCommandAnalysis;
}

/**
 * Whether `rule` names `subject`; a `Read` rule names the call of every tool that reads files
 * (`FILE_READ_TOOLS`). File rules match strictly for allow (the canonical path) and loosely for deny and ask
 * (any path the call names, and a folder when the rule names what is in it). For a shell line this is the loose match deny and ask rules use
 * (any command of the line, by program name too); whether allow rules cover a whole line is
 * `shellAllowance`'s to say, command by command and file by file.
 */
export function ruleMatches(rule: PermissionRule, subject: RuleSubject): boolean {
  const readRule =
    rule.tool === "Read" && subject.files !== undefined && FILE_READ_TOOLS.has(subject.toolName);
  if (rule.tool !== subject.toolName && !coversMcpServer(rule.tool, subject.toolName) && !readRule)
    return false;
  if (rule.pattern === undefined) return true;
  if (subject.files) {
    const pattern = rule.pattern;
    if (rule.behavior === "allow")
      return subject.files.slice(0, 1).some((file) => filePatternMatches(pattern, file));
    return subject.files.some((file) => filePatternMatchesLoosely(pattern, file));
  }
  if (subject.shell) {
    if (rule.behavior === "allow") return false;
    const prefix = commandPrefixWords(rule.pattern);
    if (prefix.length === 0) return false;
    return subject.shell.commands.some(
      (command) =>
        startsWithWords(command.words, prefix) ||
        startsWithWords([programName(command.words[0]), ...command.words.slice(1)], prefix),
    );
  }
  return false;
}

/** Whether a command-prefix rule (`git status`, `npm run test:*`) covers one simple command, word by word. */
export function commandMatchesRule(rule: PermissionRule, command: SimpleShellCommand): boolean {
  if (rule.pattern === undefined) return true;
  const prefix = commandPrefixWords(rule.pattern);
  return prefix.length > 0 && command.assignments.length === 0 && startsWithWords(command.words, prefix);
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
