import type { PermissionMode } from "@parley/protocol";
import type { ToolAccess } from "../tools/engine-tool.ts";
import { confinePath } from "./confine-path.ts";
import { PathConfinementError } from "./path-confinement-error.ts";
import { type PermissionRule, type RuleSubject, ruleMatches } from "./permission-rule.ts";
import { protectedPathReason } from "./protected-paths.ts";
import { ruleFileName, ruleFileOf, writtenRuleFile } from "./rule-path.ts";
import {
  FILE_WRITE_TOOLS,
  type ShellAllowance,
  type ShellFile,
  type ShellPaths,
  shellAllowance,
  shellPaths,
} from "./shell-allowance.ts";
import { analyzeShellCommand, isPlainCommand, type ShellCommandAnalysis } from "./shell-command.ts";
import { suggestAllowRule } from "./suggest-rule.ts";

/** A tool call to decide on: the tool, its input and what it touches (see `EngineTool.access`). */
export interface PermissionCheck {
  toolName: string;
  input: Record<string, unknown>;
  access?: ToolAccess;
}

/**
 * The policy's answer: run it, refuse it (the message tells the model why), or ask a person (the reason
 * says why, `suggestedRule` is the "always allow" offer, `blockedPath` the protected file it would write).
 */
export type PermissionDecision =
  | { behavior: "allow"; reason: string; rule?: PermissionRule }
  | { behavior: "deny"; message: string; rule?: PermissionRule }
  | {
      behavior: "ask";
      reason: string;
      rule?: PermissionRule;
      blockedPath?: string;
      suggestedRule?: PermissionRule;
    };

/** What a policy starts with. */
export interface PermissionPolicyOptions {
  projectRoot: string;
  /**
   * Directories outside the project the file tools may also use (`--add-dir`), canonical; writes there, and
   * a shell line's redirections into them, ask as in the project.
   */
  additionalDirectories?: readonly string[];
  mode?: PermissionMode;
  rules?: readonly PermissionRule[];
  /** Allow calls whose tool declares it changes nothing (an MCP tool's `readOnlyHint`), as the user chose. */
  trustReadOnlyTools?: boolean;
}

/**
 * Decides tool calls by permission mode (the Claude Agent SDK's names) and per-project rules. Order:
 * paths outside the project are denied; `plan` denies every change; deny rules, then ask rules; protected
 * paths (`protectedPathReason`) ask; allow rules; then the mode: `default` (and `auto`) ask for writes,
 * shell and other approval-requiring tools, `acceptEdits` allows file writes, `bypassPermissions` allows
 * everything, `dontAsk` denies whatever would ask.
 */
export class PermissionPolicy {
  readonly projectRoot: string;
  private readonly additionalDirectories: readonly string[];
  private currentMode: PermissionMode;
  private readonly ruleList: PermissionRule[];
  private readonly trustReadOnlyTools: boolean;

  constructor(options: PermissionPolicyOptions) {
    this.projectRoot = options.projectRoot;
    this.additionalDirectories = options.additionalDirectories ?? [];
    this.trustReadOnlyTools = options.trustReadOnlyTools === true;
    this.currentMode = options.mode ?? "default";
    this.ruleList = [...(options.rules ?? [])];
  }

  /** The current permission mode. */
  get mode(): PermissionMode {
    return this.currentMode;
  }

  /** Switches the mode (the SDK's `setMode` update). */
  setMode(mode: PermissionMode): void {
    this.currentMode = mode;
  }

  /** The rules, in the order they were added. */
  get rules(): readonly PermissionRule[] {
    return this.ruleList;
  }

  /** Adds a rule unless an identical one exists; returns whether it was added. */
  addRule(rule: PermissionRule): boolean {
    if (this.ruleList.some((existing) => sameRule(existing, rule))) return false;
    this.ruleList.push({
      tool: rule.tool,
      behavior: rule.behavior,
      ...(rule.pattern && { pattern: rule.pattern }),
    });
    return true;
  }

  /** Removes every rule identical to `rule`; returns whether one was there. */
  removeRule(rule: PermissionRule): boolean {
    const before = this.ruleList.length;
    const kept = this.ruleList.filter((existing) => !sameRule(existing, rule));
    this.ruleList.splice(0, this.ruleList.length, ...kept);
    return kept.length < before;
  }

  /** Decides one call. Never throws for a bad path: that is a denial naming the confinement rule. */
  async check(request: PermissionCheck): Promise<PermissionDecision> {
    const access = request.access ?? { kind: "other" };
    const subject: RuleSubject = { toolName: request.toolName };
    let protectedReason: string | undefined;
    let blockedPath: string | undefined;
    let canonicalPath: string | undefined;
    let shellPlaces: ShellPaths | undefined;

    if (access.kind === "read" || access.kind === "write") {
      try {
        const confined = await confinePath(this.projectRoot, access.path, {
          intent: access.kind,
          additionalRoots: this.additionalDirectories,
        });
        canonicalPath = confined.relative;
        const canonical = ruleFileOf(confined);
        const written = writtenRuleFile(this.projectRoot, access.path);
        subject.files =
          ruleFileName(written) === ruleFileName(canonical) ? [canonical] : [canonical, written];
      } catch (error) {
        if (error instanceof PathConfinementError) return { behavior: "deny", message: error.message };
        throw error;
      }
      if (access.kind === "write") {
        blockedPath = subject.files.map(ruleFileName).find((path) => protectedPathReason(path) !== undefined);
        protectedReason = blockedPath === undefined ? undefined : protectedPathReason(blockedPath);
      }
    } else if (access.kind === "execute") {
      const shell = analyzeShellCommand(access.command);
      subject.shell = shell;
      shellPlaces = await shellPaths(this.projectRoot, shell, this.additionalDirectories);
      blockedPath = protectedMention(shell, shellPlaces.files);
      protectedReason = blockedPath === undefined ? undefined : protectedPathReason(blockedPath);
    }
    const files = shellPlaces?.files ?? [];
    // A file a shell line writes (a redirection into it, `rm` of it) is a write of that file, and one it reads
    // (`cat` of it, `< it`) a read: Edit and Write rules, and Read rules, about it apply too.
    const names = (rule: PermissionRule) =>
      ruleMatches(rule, subject) ||
      files.some(
        (file) =>
          file.file !== undefined &&
          (file.intent === "write" ? FILE_WRITE_TOOLS.has(rule.tool) : rule.tool === "Read") &&
          ruleMatches(rule, { toolName: rule.tool, files: [file.file] }),
      );

    const trustedRead = access.kind === "other" && access.readOnly === true && this.trustReadOnlyTools;
    const isChange = access.kind !== "read" && !trustedRead;
    if (this.currentMode === "plan" && isChange)
      return { behavior: "deny", message: planModeMessage(request) };

    const deny = this.ruleList.find((rule) => rule.behavior === "deny" && names(rule));
    if (deny) {
      return {
        behavior: "deny",
        message: `${request.toolName} is denied by the project rule ${describeRule(deny)}, so it did not run.`,
        rule: deny,
      };
    }
    const askRule = this.ruleList.find((rule) => rule.behavior === "ask" && names(rule));
    if (askRule)
      return this.ask(request, `it matches the ask rule ${describeRule(askRule)}`, { rule: askRule });
    if (protectedReason !== undefined && blockedPath !== undefined) {
      return this.ask(
        request,
        `it would change ${blockedPath} (${protectedReason}); changes there always need your approval`,
        { blockedPath },
      );
    }
    const allowRules = this.ruleList.filter((rule) => rule.behavior === "allow");
    const shellCover = (rules: readonly PermissionRule[]): ShellAllowance | undefined =>
      subject.shell &&
      shellPlaces &&
      shellAllowance({
        toolName: request.toolName,
        shell: subject.shell,
        paths: shellPlaces,
        rules,
        mode: this.currentMode,
      });
    const covered = shellCover(allowRules);
    if (covered?.covered === true) {
      const described = covered.rules.map(describeRule).join(", ");
      return {
        behavior: "allow",
        reason: `allowed by the rule${covered.rules.length > 1 ? "s" : ""} ${described}`,
        ...(covered.rules[0] && { rule: covered.rules[0] }),
      };
    }
    const allow = covered ? undefined : allowRules.find((rule) => ruleMatches(rule, subject));
    if (allow)
      return { behavior: "allow", reason: `allowed by the rule ${describeRule(allow)}`, rule: allow };

    if (access.kind === "read") return { behavior: "allow", reason: "reading inside the project" };
    if (trustedRead) {
      return { behavior: "allow", reason: "the tool says it only reads, and read-only tools are trusted" };
    }
    if (this.currentMode === "bypassPermissions") {
      return { behavior: "allow", reason: "bypassPermissions mode allows every call" };
    }
    if (this.currentMode === "acceptEdits" && access.kind === "write") {
      return { behavior: "allow", reason: "acceptEdits mode allows file edits inside the project" };
    }
    // Offer only a rule that would have allowed this very call (an unsafe redirection, say, rules it out).
    const suggestion = suggestAllowRule(request.toolName, request.access, canonicalPath);
    const suggestedRule =
      suggestion &&
      (subject.shell
        ? shellCover([...allowRules, suggestion])?.covered === true
        : ruleMatches(suggestion, subject))
        ? suggestion
        : undefined;
    // Which part no rule covers matters once some rules cover shell commands; else it simply runs one.
    const partly = allowRules.some(
      (rule) => rule.tool === request.toolName || FILE_WRITE_TOOLS.has(rule.tool),
    );
    const plain = subject.shell && isPlainCommand(subject.shell) && files.length === 0;
    const reason =
      covered?.covered === false && partly && !plain
        ? covered.reason
        : askReason(request.toolName, access, subject.shell);
    return this.ask(request, reason, { ...(suggestedRule && { suggestedRule }) });
  }

  private ask(
    request: PermissionCheck,
    reason: string,
    extra: Omit<Extract<PermissionDecision, { behavior: "ask" }>, "behavior" | "reason">,
  ): PermissionDecision {
    if (this.currentMode === "dontAsk") {
      return {
        behavior: "deny",
        message: `${request.toolName} needs approval (${reason}), and this session does not ask (dontAsk mode), so it did not run.`,
        ...(extra.rule && { rule: extra.rule }),
      };
    }
    return { behavior: "ask", reason, ...extra };
  }
}

/** A rule as Claude Code writes it: `Bash(git status)`, `Edit(src/**)`, `WebFetch`. */
export function describeRule(rule: PermissionRule): string {
  return rule.pattern === undefined ? rule.tool : `${rule.tool}(${rule.pattern})`;
}

function sameRule(left: PermissionRule, right: PermissionRule): boolean {
  return left.tool === right.tool && left.pattern === right.pattern && left.behavior === right.behavior;
}

/**
 * The first word (or redirection target) of a shell line that names a protected path, or the protected
 * file a redirection really writes (through a symlink, say), if any.
 */
function protectedMention(shell: ShellCommandAnalysis, files: readonly ShellFile[]): string | undefined {
  for (const command of shell.commands) {
    const words = [
      ...command.words.slice(1).flatMap((word) => [word, word.slice(word.indexOf("=") + 1)]),
      ...command.redirects.map((redirect) => redirect.target),
    ];
    const found = words.find((word) => protectedPathReason(word) !== undefined);
    if (found !== undefined) return found;
  }
  const written = files.flatMap((file) =>
    file.intent === "write" && file.file !== undefined ? [ruleFileName(file.file)] : [],
  );
  return written.find((path) => protectedPathReason(path) !== undefined);
}

function planModeMessage(request: PermissionCheck): string {
  return (
    `Parley is in plan mode, so ${request.toolName} did not run: in plan mode you may read and search the ` +
    "project but not change files or run commands. Finish the plan and present it; the user switches " +
    "modes to carry it out."
  );
}

function askReason(toolName: string, access: ToolAccess, shell: ShellCommandAnalysis | undefined): string {
  switch (access.kind) {
    case "write":
      return `${toolName} would change ${access.path}`;
    case "execute":
      return shell && shell.complexities.length > 0
        ? `it runs a shell command that is not one plain command (${shell.complexities.join("; ")}), so no allow rule can cover it`
        : "it runs a shell command";
    case "read":
      return `${toolName} would read ${access.path}`;
    default:
      return `${toolName} requires approval`;
  }
}
