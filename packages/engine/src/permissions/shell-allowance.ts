import type { PermissionMode } from "@parley/protocol";
import { confinePath } from "./confine-path.ts";
import { matchesGlob } from "./glob-pattern.ts";
import { commandMatchesRule, type PermissionRule } from "./permission-rule.ts";
import { protectedPathReason } from "./protected-paths.ts";
import { riskyFlagIn } from "./risky-shell-flags.ts";
import { isDescriptorRedirect, isOutputRedirect, type ShellCommandAnalysis } from "./shell-command.ts";

/** A file a shell line's redirection reads or writes, with its canonical place in the project if it has one. */
export interface RedirectedFile {
  operator: string;
  target: string;
  intent: "read" | "write";
  /** Project-relative canonical path; `undefined` when the file is outside the project (or unresolvable). */
  relative?: string;
}

/** The tools whose rules say where files may be written: a redirection into a file is such a write. */
export const FILE_WRITE_TOOLS: ReadonlySet<string> = new Set(["Edit", "Write"]);

const HARMLESS_TARGETS = new Set(["/dev/null", "/dev/stdout", "/dev/stderr"]);
const CHANGES_DIRECTORY = new Set(["cd", "pushd", "popd"]);

/**
 * The files a shell line's redirections read (`<`) or write (`>`, `>>`, `>|`, `<>`), resolved as the tools
 * resolve paths. Descriptor duplications (`2>&1`) and `/dev/null`-like targets are no files; here-documents
 * are left to the analysis, which no rule sees through.
 */
export async function redirectedFiles(
  projectRoot: string,
  shell: ShellCommandAnalysis,
): Promise<RedirectedFile[]> {
  const files: RedirectedFile[] = [];
  for (const command of shell.commands) {
    for (const redirect of command.redirects) {
      if (isDescriptorRedirect(redirect) || redirect.operator.includes("<<")) continue;
      if (HARMLESS_TARGETS.has(redirect.target)) continue;
      const intent = isOutputRedirect(redirect) ? "write" : "read";
      const relative = await confinePath(projectRoot, redirect.target, { intent }).then(
        (confined) => confined.relative,
        () => undefined,
      );
      files.push({ ...redirect, intent, ...(relative !== undefined && { relative }) });
    }
  }
  return files;
}

/** Whether allow rules cover a whole shell line: the rules that do, or the first part none covers. */
export type ShellAllowance = { covered: true; rules: PermissionRule[] } | { covered: false; reason: string };

/**
 * Whether `rules` (allow rules) cover every operation of a shell line, as Claude Code checks a compound
 * command: each command of the chain needs a rule of its own (`Bash(echo:*)` covers `echo a; echo b`, not
 * `echo a; rm b`); a redirection into a file is a write that needs its own allowance (an `Edit`/`Write`
 * rule for the file, or acceptEdits mode); a read from outside the project is never covered; substitutions,
 * expansions, background jobs and the like are covered by no pattern. A bare `Bash` rule covers everything.
 */
export function shellAllowance(options: {
  toolName: string;
  shell: ShellCommandAnalysis;
  files: readonly RedirectedFile[];
  rules: readonly PermissionRule[];
  mode: PermissionMode;
}): ShellAllowance {
  const { toolName, shell, files, rules } = options;
  const bare = rules.find((rule) => rule.tool === toolName && rule.pattern === undefined);
  if (bare) return { covered: true, rules: [bare] };
  if (shell.complexities.length > 0)
    return {
      covered: false,
      reason: `it runs a shell command no rule can see through (${shell.complexities.join("; ")})`,
    };
  const used = new Set<PermissionRule>();
  const changesDirectory = shell.commands.some((command) => CHANGES_DIRECTORY.has(command.words[0] ?? ""));
  if (changesDirectory && files.length > 0)
    return {
      covered: false,
      reason:
        "it changes directory and redirects to a file, so where the file lands cannot be known in advance",
    };
  for (const command of shell.commands) {
    const text = command.words.join(" ");
    const risky = riskyFlagIn(command.words);
    if (risky !== undefined)
      return { covered: false, reason: `\`${text}\` uses ${risky}, which lets it run other programs` };
    const rule = rules.find(
      (candidate) => candidate.tool === toolName && commandMatchesRule(candidate, command),
    );
    if (rule === undefined) return { covered: false, reason: `no rule allows \`${text || "(no command)"}\`` };
    used.add(rule);
  }
  for (const file of files) {
    const where = `${file.operator} ${file.target}`;
    if (file.relative === undefined)
      return {
        covered: false,
        reason: `its redirection \`${where}\` ${file.intent === "write" ? "writes" : "reads"} outside the project`,
      };
    if (file.intent === "read") continue;
    if (protectedPathReason(file.relative) !== undefined)
      return {
        covered: false,
        reason: `its redirection \`${where}\` writes ${file.relative}, a protected file`,
      };
    if (options.mode === "acceptEdits") continue;
    const rule = rules.find(
      (candidate) =>
        FILE_WRITE_TOOLS.has(candidate.tool) &&
        (candidate.pattern === undefined || matchesGlob(candidate.pattern, file.relative as string)),
    );
    if (rule === undefined)
      return {
        covered: false,
        reason: `its redirection \`${where}\` writes ${file.relative}, and writing a file needs its own approval (an Edit rule for it, or acceptEdits mode)`,
      };
    used.add(rule);
  }
  return { covered: true, rules: [...used] };
}
