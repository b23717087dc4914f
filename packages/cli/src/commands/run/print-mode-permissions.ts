import {
  type AskForPermission,
  builtinTools,
  type CanUseToolCallback,
  describeRule,
  type EngineTool,
  type EnvironmentVariables,
  PermissionPolicy,
  type PermissionRule,
  parseRuleList,
  policyCanUseTool,
  type RunningTasks,
} from "@parley/engine";
import type { PermissionMode } from "@parley/protocol";
import { UsageError } from "../../usage-error.ts";

/** A project's stored permission rules, and how an "always allow" answer adds to them. */
export interface ProjectRules {
  rules: readonly PermissionRule[];
  save(rules: PermissionRule[]): Promise<void>;
}

/** What a `parley run` turn gets: the built-in tools it may use, and how their calls are decided. */
export interface PrintModePermissions {
  tools: EngineTool[];
  canUseTool: CanUseToolCallback;
  permissionMode: PermissionMode;
  /** The policy itself, so a host can change its mode mid-session (`set_permission_mode`). */
  policy: PermissionPolicy;
  /** Tools a bare `--disallowedTools` name removes, whichever part of Parley offers them. */
  removed: ReadonlySet<string>;
}

/**
 * The built-in tools and a permission policy for a headless turn, as `claude -p` sets them up: the mode
 * from `--permission-mode`, allow rules from `--allowedTools`, deny rules from `--disallowedTools` (a bare
 * tool name there removes the tool). Unless `ask` reaches someone (the SDK host with
 * `--permission-prompt-tool stdio`), nobody can approve anything here, so a call the policy would ask about
 * is denied with a message telling the model the user has to allow it.
 */
export function printModePermissions(options: {
  cwd: string;
  /** `--add-dir`s, canonical: the file tools may use them too, with the same rules and approvals. */
  additionalDirectories?: readonly string[];
  mode: PermissionMode;
  /** What `Bash` commands start from: the person's environment minus Parley's secrets (`childEnvironmentFor`). */
  shellEnvironment: EnvironmentVariables;
  allowedTools?: readonly string[];
  disallowedTools?: readonly string[];
  ask?: AskForPermission;
  /** The project's stored rules, and where "always allow" answers keep theirs (`parley acp`). */
  projectRules?: ProjectRules;
  /** Where the Task tool lists its running subagents, for `stop_task`. */
  runningTasks?: RunningTasks;
}): PrintModePermissions {
  const allowed = rules("--allowedTools", options.allowedTools, "allow");
  const disallowed = rules("--disallowedTools", options.disallowedTools, "deny");
  const removed = new Set(disallowed.filter((rule) => rule.pattern === undefined).map((rule) => rule.tool));
  const policy = new PermissionPolicy({
    projectRoot: options.cwd,
    ...(options.additionalDirectories && { additionalDirectories: options.additionalDirectories }),
    mode: options.mode,
    rules: [
      ...(options.projectRules?.rules ?? []),
      ...allowed,
      ...disallowed.filter((rule) => rule.pattern !== undefined),
    ],
  });
  return {
    tools: builtinTools({
      bash: { environment: () => options.shellEnvironment },
      ...(options.runningTasks && { task: { running: options.runningTasks } }),
    }).filter((tool) => !removed.has(tool.name)),
    canUseTool: policyCanUseTool(policy, {
      ask: options.ask ?? denyForLackOfApprover,
      ...(options.projectRules
        ? { suggestionDestination: "projectSettings", onRulesAdded: options.projectRules.save }
        : { suggestionDestination: "session" }),
    }),
    permissionMode: policy.mode,
    policy,
    removed,
  };
}

/** The answer `parley run` gives in place of a person: no, and how the user can allow the call. */
const denyForLackOfApprover: AskForPermission = async (prompt) => {
  const how = prompt.suggestedRule
    ? `run parley again with --allowedTools "${describeRule(prompt.suggestedRule)}" or a more permissive --permission-mode`
    : prompt.blockedPath !== undefined
      ? `changes to ${prompt.blockedPath} need approval in an interactive session (parley serve)`
      : "run parley again with --allowedTools or a more permissive --permission-mode";
  return {
    behavior: "deny",
    message: `Parley requested permission to use ${prompt.toolName} (${prompt.reason}), but the user has not granted it. Tell the user; to allow it, ${how}.`,
    toolUseID: prompt.toolUseId,
  };
};

function rules(flag: string, values: readonly string[] | undefined, behavior: "allow" | "deny") {
  try {
    return parseRuleList(values ?? [], behavior);
  } catch (error) {
    throw new UsageError(`${flag}: ${(error as Error).message}`);
  }
}
