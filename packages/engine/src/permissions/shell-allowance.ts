import { isAbsolute } from "node:path";
import type { PermissionMode } from "@parley/protocol";
import { confinePath } from "./confine-path.ts";
import { commandMatchesRule, type PermissionRule } from "./permission-rule.ts";
import { protectedPathReason } from "./protected-paths.ts";
import { riskyFlagIn } from "./risky-shell-flags.ts";
import { filePatternMatches, type RuleFile, ruleFileName, ruleFileOf } from "./rule-path.ts";
import { argumentPaths } from "./shell-argument-paths.ts";
import {
  isDescriptorRedirect,
  isOutputRedirect,
  type ShellCommandAnalysis,
  type SimpleShellCommand,
} from "./shell-command.ts";

/**
 * A file a shell line reads or writes: through a redirection (`> out.txt`, with its `operator`) or as an
 * operand of a well-known program (`cat notes.md`, with its `command`); with its canonical place if it has one.
 */
export interface ShellFile {
  /** The redirection's operator; absent for a program's operand. */
  operator?: string;
  /** The command (`cat notes.md`) whose operand it is; absent for a redirection. */
  command?: string;
  target: string;
  intent: "read" | "write";
  /**
   * Where it is, as file tools resolve paths: in the project or an added directory; `undefined` when it is
   * outside both (or unresolvable).
   */
  file?: RuleFile;
}

/** Where a shell line's paths lead, as far as rules need to know. */
export interface ShellPaths {
  /** The files its redirections and well-known programs' operands read or write. */
  files: ShellFile[];
  /** Its `cd`/`pushd` commands into a folder of the project or an added directory (they need no rule). */
  workspaceDirectoryChanges: ReadonlySet<SimpleShellCommand>;
}

/** The tools whose rules say where files may be written: a redirection into a file is such a write. */
export const FILE_WRITE_TOOLS: ReadonlySet<string> = new Set(["Edit", "Write"]);

const HARMLESS_TARGETS = new Set(["/dev/null", "/dev/stdout", "/dev/stderr"]);
const CHANGES_DIRECTORY = new Set(["cd", "pushd", "popd"]);

/**
 * The files a shell line's redirections read (`<`) or write (`>`, `>>`, `>|`, `<>`), and those well-known
 * programs are given as operands (`argumentPaths`), resolved as the file tools resolve paths (so a file in an added directory is a file like the project's), and the line's
 * directory changes that stay in the project or an added directory. Descriptor duplications (`2>&1`) and
 * `/dev/null`-like targets are no files; here-documents are left to the analysis, which no rule sees through.
 * A relative `cd` counts only as the line's first directory change: after another, where it leads is not
 * known from the project.
 */
export async function shellPaths(
  projectRoot: string,
  shell: ShellCommandAnalysis,
  additionalRoots: readonly string[] = [],
): Promise<ShellPaths> {
  const place = (target: string, intent: "read" | "write") =>
    confinePath(projectRoot, target, { intent, additionalRoots }).then(
      (confined) => confined,
      () => undefined,
    );
  const files: ShellFile[] = [];
  const workspaceDirectoryChanges = new Set<SimpleShellCommand>();
  let changedDirectory = false;
  for (const command of shell.commands) {
    const [program, target, ...rest] = command.words;
    if (program !== undefined && CHANGES_DIRECTORY.has(program)) {
      const knowable = target !== undefined && (isAbsolute(target) || !changedDirectory);
      const folder = knowable && rest.length === 0 ? await place(target, "read") : undefined;
      if (folder?.kind === "directory" && program !== "popd") workspaceDirectoryChanges.add(command);
      changedDirectory = true;
    }
    // Where the line changed directory already, a relative operand's place is not known: left to the rule below.
    for (const { path, intent } of argumentPaths(command)) {
      const confined = await place(path, intent);
      files.push({
        command: command.words.join(" "),
        target: path,
        intent,
        ...(confined && { file: ruleFileOf(confined) }),
      });
    }
    for (const redirect of command.redirects) {
      if (isDescriptorRedirect(redirect) || redirect.operator.includes("<<")) continue;
      if (HARMLESS_TARGETS.has(redirect.target)) continue;
      const intent = isOutputRedirect(redirect) ? "write" : "read";
      const confined = await place(redirect.target, intent);
      files.push({ ...redirect, intent, ...(confined && { file: ruleFileOf(confined) }) });
    }
  }
  return { files, workspaceDirectoryChanges };
}

/** Whether allow rules cover a whole shell line: the rules that do, or the first part none covers. */
export type ShellAllowance = { covered: true; rules: PermissionRule[] } | { covered: false; reason: string };

/**
 * Whether `rules` (allow rules) cover every operation of a shell line, as Claude Code checks a compound
 * command: each command of the chain needs a rule of its own (`Bash(echo:*)` covers `echo a; echo b`, not
 * `echo a; rm b`), except a `cd` into the project or an added directory, which changes nothing; a
 * redirection into a file is a write that needs its own allowance (an `Edit`/`Write` rule for the file, or
 * acceptEdits mode), in an added directory as in the project; a redirection outside both is never covered;
 * substitutions, expansions, background jobs and the like are covered by no pattern. A bare `Bash` rule
 * covers everything.
 */
export function shellAllowance(options: {
  toolName: string;
  shell: ShellCommandAnalysis;
  paths: ShellPaths;
  rules: readonly PermissionRule[];
  mode: PermissionMode;
}): ShellAllowance {
  const { toolName, shell, rules } = options;
  const { files, workspaceDirectoryChanges } = options.paths;
  const bare = rules.find((rule) => rule.tool === toolName && rule.pattern === undefined);
  if (bare) return { covered: true, rules: [bare] };
  if (shell.complexities.length > 0)
    return {
      covered: false,
      reason: `it runs a shell command no rule can see through (${shell.complexities.join("; ")})`,
    };
  const used = new Set<PermissionRule>();
  const changesDirectory = shell.commands.some((command) => CHANGES_DIRECTORY.has(command.words[0] ?? ""));
  const relative = changesDirectory ? files.find((file) => !isAbsolute(file.target)) : undefined;
  if (relative !== undefined)
    return {
      covered: false,
      reason:
        relative.operator !== undefined
          ? "it changes directory and redirects to a relative path, so where the file lands cannot be known in advance"
          : `it changes directory and then names the relative path ${relative.target}, so which file that is cannot be known in advance`,
    };
  for (const command of shell.commands) {
    const text = command.words.join(" ");
    const risky = riskyFlagIn(command.words);
    if (risky !== undefined)
      return { covered: false, reason: `\`${text}\` uses ${risky}, which lets it run other programs` };
    if (workspaceDirectoryChanges.has(command)) continue;
    const rule = rules.find(
      (candidate) => candidate.tool === toolName && commandMatchesRule(candidate, command),
    );
    if (rule === undefined) return { covered: false, reason: `no rule allows \`${text || "(no command)"}\`` };
    used.add(rule);
  }
  for (const file of files) {
    const verb = file.intent === "write" ? "writes" : "reads";
    if (file.operator === undefined) {
      // A program's operand: the command's own rule allows what it does to files inside; outside, never.
      if (file.file === undefined)
        return {
          covered: false,
          reason: `\`${file.command}\` ${file.intent === "write" ? "changes" : "reads"} ${file.target}, outside the project and any directory added to it`,
        };
      continue;
    }
    const where = `${file.operator} ${file.target}`;
    if (file.file === undefined)
      return {
        covered: false,
        reason: `its redirection \`${where}\` ${verb} outside the project and any directory added to it`,
      };
    if (file.intent === "read") continue;
    const name = ruleFileName(file.file);
    if (protectedPathReason(name) !== undefined)
      return { covered: false, reason: `its redirection \`${where}\` writes ${name}, a protected file` };
    if (options.mode === "acceptEdits") continue;
    const written = file.file;
    const rule = rules.find(
      (candidate) =>
        FILE_WRITE_TOOLS.has(candidate.tool) &&
        (candidate.pattern === undefined || filePatternMatches(candidate.pattern, written)),
    );
    if (rule === undefined)
      return {
        covered: false,
        reason: `its redirection \`${where}\` writes ${name}, and writing a file needs its own approval (an Edit rule for it, or acceptEdits mode)`,
      };
    used.add(rule);
  }
  return { covered: true, rules: [...used] };
}
