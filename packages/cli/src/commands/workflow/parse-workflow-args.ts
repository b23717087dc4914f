import { resolve } from "node:path";
import { type SelectablePermissionMode, SelectablePermissionModeSchema } from "@parley/protocol";
import { parseCommandLine, UsageError } from "../../usage-error.ts";

/** What `parley workflow` was asked to do. */
export type WorkflowArgs =
  | { action: "help" }
  | { action: "list"; projectRoot: string; url?: string }
  | {
      action: "run";
      projectRoot: string;
      url?: string;
      name: string;
      inputs: Record<string, string>;
      sessionId?: string;
      detach: boolean;
      permissionMode?: SelectablePermissionMode;
    }
  | { action: "status"; projectRoot: string; url?: string; executionId?: string }
  | { action: "pause"; projectRoot: string; url?: string; executionId: string; now: boolean }
  | {
      action: "resume" | "retry";
      projectRoot: string;
      url?: string;
      executionId: string;
      detach: boolean;
      permissionMode?: SelectablePermissionMode;
    }
  | { action: "cancel"; projectRoot: string; url?: string; executionId: string };

/** `parley workflow --help`. */
export const WORKFLOW_HELP = `Usage: parley workflow <list|run|status|pause|resume|retry|cancel> [options]

Workflows are .parley/workflows/<name>.yaml in the project (and $PARLEY_HOME/workflows/).

  parley workflow list                              the workflows you can run, and invalid files
  parley workflow run <name> [--input key=value]... runs one and follows it until it stops
  parley workflow status [<execution-id>]           the project's executions, or one in detail
  parley workflow pause <execution-id> [--now]      at the next step boundary, or at once
  parley workflow resume|retry <execution-id>       goes on (or reruns the failed step) and follows it
  parley workflow cancel <execution-id>

While it follows a workflow, a step that waits for your approval is shown with the command, why it
asks and the web UI page to answer it on; in a terminal you can answer it here too (y once, a always,
n no). With no server running and no terminal to ask in, the workflow pauses and says how to go on.

Options:
  --project DIR      the project (default: the current directory)
  --url URL          the server to talk to (default: the one serving the project, found in
                     $PARLEY_HOME; with none running, one is started in this process)
  --session ID       run: the session whose chat shows the workflow (default: a new one)
  --permission-mode MODE
                     run, resume, retry: the mode the workflow's session works in from now on, for
                     unattended runs: default (ask), acceptEdits (file edits and redirections into
                     project files allowed), bypassPermissions (nothing asks), dontAsk (what would ask
                     is refused, so the step fails instead of waiting), plan (no changes)
  --detach           run, resume, retry: return at once instead of following it
  --now              pause: stop the running step now (it runs again from its start on resume)

Exit status: 0 when the workflow completed (or the request was done), 1 when it failed, was
cancelled or waits paused, 2 for a usage error.
`;

/** Parses the arguments after `parley workflow`. */
export function parseWorkflowArgs(argv: readonly string[], cwd: string): WorkflowArgs {
  const { values, positionals } = parse(argv);
  if (values.help === true || positionals.length === 0) return { action: "help" };
  const [action, target, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(" ")}`);
  const common = {
    projectRoot: resolve(cwd, values.project ?? "."),
    ...(values.url !== undefined && { url: values.url }),
  };
  switch (action) {
    case "list":
      return { action, ...common };
    case "run":
      if (target === undefined) throw new UsageError("workflow run needs the workflow's name");
      return {
        action,
        ...common,
        name: target,
        inputs: inputsOf(values.input ?? []),
        ...(values.session !== undefined && { sessionId: values.session }),
        detach: values.detach === true,
        ...modeOf(values["permission-mode"]),
      };
    case "status":
      return { action, ...common, ...(target !== undefined && { executionId: target }) };
    case "pause":
    case "resume":
    case "retry":
    case "cancel": {
      if (target === undefined) throw new UsageError(`workflow ${action} needs an execution id`);
      if (action === "pause") return { action, ...common, executionId: target, now: values.now === true };
      if (action === "cancel") return { action, ...common, executionId: target };
      return {
        action,
        ...common,
        executionId: target,
        detach: values.detach === true,
        ...modeOf(values["permission-mode"]),
      };
    }
    default:
      throw new UsageError(`unknown workflow command ${JSON.stringify(action)}`);
  }
}

function parse(argv: readonly string[]) {
  return parseCommandLine({
    args: [...argv],
    allowPositionals: true,
    options: {
      project: { type: "string" },
      url: { type: "string" },
      input: { type: "string", multiple: true, short: "i" },
      session: { type: "string" },
      detach: { type: "boolean" },
      now: { type: "boolean" },
      "permission-mode": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
}

function modeOf(value: string | undefined): { permissionMode?: SelectablePermissionMode } {
  if (value === undefined) return {};
  const mode = value === "manual" ? "default" : value;
  const parsed = SelectablePermissionModeSchema.safeParse(mode);
  if (!parsed.success)
    throw new UsageError(
      `--permission-mode must be one of ${SelectablePermissionModeSchema.options.join(", ")} (got "${value}")`,
    );
  return { permissionMode: parsed.data };
}

function inputsOf(pairs: readonly string[]): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    if (at <= 0) throw new UsageError(`--input takes key=value, not ${JSON.stringify(pair)}`);
    inputs[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return inputs;
}
