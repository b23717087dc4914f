import { existsSync, realpathSync, statSync } from "node:fs";
import { parleyHome } from "@parley/engine";
import { describeWorkflowIssue, type WorkflowExecutionView, type WorkflowProblem } from "@parley/protocol";
import { ApiRequestError, safeText } from "@parley/sdk";
import { findRunningServer, loadWorkflows } from "@parley/server";
import { type CliIo, write } from "../../cli-io.ts";
import { UsageError } from "../../usage-error.ts";
import type { Command } from "../command.ts";
import { approvalAnnouncement, isWorkflowApproval } from "./approval-question.ts";
import { type FollowTarget, followWorkflow } from "./follow-workflow.ts";
import { parseWorkflowArgs, WORKFLOW_HELP, type WorkflowArgs } from "./parse-workflow-args.ts";
import { openWorkflowConnection, type WorkflowConnection } from "./workflow-connection.ts";
import { executionLine, executionReport } from "./workflow-report.ts";

/**
 * `parley workflow list|run|status|pause|resume|retry|cancel`: the workflows of a project, through the
 * server that serves it (the one `parley serve` started, found in $PARLEY_HOME, or --url). With none
 * running, a server is started in this process for the command, on the same store, so the workflow's card
 * is in the project's history either way.
 */
export const workflowCommand: Command = {
  async run(argv, io) {
    const args = parseWorkflowArgs(argv, io.cwd);
    if (args.action === "help") {
      await write(io.stdout, WORKFLOW_HELP);
      return 0;
    }
    if (!existsSync(args.projectRoot) || !statSync(args.projectRoot).isDirectory())
      throw new UsageError(`--project ${JSON.stringify(args.projectRoot)} is not a directory`);
    const projectRoot = realpathSync(args.projectRoot);
    const home = parleyHome(io.env);
    if (
      args.action === "list" &&
      args.url === undefined &&
      findRunningServer(home, projectRoot) === undefined
    ) {
      const { workflows, problems } = await loadWorkflows(projectRoot, home);
      await printList(
        io,
        workflows.map((workflow) => ({ ...workflow.definition, path: workflow.path })),
        problems,
      );
      return 0;
    }
    const connection = await openWorkflowConnection({ projectRoot, home, env: io.env, url: args.url });
    try {
      return await perform(args, connection, io);
    } catch (error) {
      // The server's message may quote a workflow file's text (an unknown key), which a repository wrote.
      await write(io.stderr, `parley: ${safeText(messageOf(error))}\n`);
      return 1;
    } finally {
      await connection.local?.close();
    }
  },
};

async function perform(
  args: Exclude<WorkflowArgs, { action: "help" }>,
  connection: WorkflowConnection,
  io: CliIo,
) {
  const { workflows } = connection;
  switch (args.action) {
    case "list": {
      const list = await workflows.definitions();
      await printList(io, list.workflows, list.problems);
      return 0;
    }
    case "status":
      await printStatus(connection, io, args.executionId);
      return 0;
    case "pause": {
      const reason = args.now ? "`parley workflow pause --now` was used" : undefined;
      await write(io.stdout, executionReport(await workflows.pause(args.executionId, args.now, reason)));
      return 0;
    }
    case "cancel":
      await write(io.stdout, executionReport(await workflows.act(args.executionId, "cancel")));
      return 0;
    case "resume":
    case "retry": {
      if (args.permissionMode !== undefined) {
        const before = await workflows.get(args.executionId);
        await connection.api.setPermissionMode(before.session_id, {
          agent_id: before.agent_id,
          permission_mode: args.permissionMode,
        });
      }
      const view = await workflows.act(args.executionId, args.action);
      await write(io.stdout, executionReport(view));
      // With no server running, this process is what runs the workflow: it follows it whatever --detach says.
      if (args.detach && connection.local === undefined) return 0;
      return followWorkflow(followTarget(connection, io), view);
    }
    case "run": {
      const view = await workflows.start(args.name, {
        inputs: args.inputs,
        ...(args.sessionId !== undefined && { session_id: args.sessionId }),
        ...(args.permissionMode !== undefined && { permission_mode: args.permissionMode }),
      });
      await write(
        io.stdout,
        `Started ${safeText(view.workflow_name)} (${view.execution_id}) in session ${view.session_id}\n`,
      );
      if (args.detach && connection.local === undefined) return 0;
      return followWorkflow(followTarget(connection, io), view);
    }
  }
}

/**
 * How a followed workflow is answered: on the terminal when there is one, and in the web UI of the server
 * (a server of this process gets a one-time sign-in link, as nobody's browser knows it).
 */
function followTarget(connection: WorkflowConnection, io: CliIo): FollowTarget {
  const interactive = io.stdin.isTTY === true;
  const { local } = connection;
  return {
    workflows: connection.workflows,
    api: connection.api,
    io,
    local: local !== undefined,
    interactive,
    answerAt: async (sessionId) => {
      const page = `/sessions/${encodeURIComponent(sessionId)}`;
      if (local === undefined)
        return { url: `${connection.origin}${page}`, label: "Answer it in the web UI" };
      if (!interactive) return undefined;
      return {
        url: `${local.loginUrl()}&next=${encodeURIComponent(page)}`,
        label: "Answer it below, or in the web UI while this command runs",
      };
    },
  };
}

/** `status`: every execution in a line, or one in detail; each says when it waits for a person. */
async function printStatus(connection: WorkflowConnection, io: CliIo, executionId: string | undefined) {
  const { approvals } = await connection.api.listApprovals({ state: "pending" });
  const waiting = (view: WorkflowExecutionView) =>
    approvals.filter((approval) => isWorkflowApproval(view, approval));
  if (executionId !== undefined) {
    const view = await connection.workflows.get(executionId);
    const pending = view.execution.status === "Running" ? waiting(view) : [];
    let text = executionReport(view, pending.length > 0);
    const url = `${connection.origin}/sessions/${encodeURIComponent(view.session_id)}`;
    for (const approval of pending)
      text += approvalAnnouncement(view, approval, { url, label: "Answer it in the web UI" });
    await write(io.stdout, text);
    return;
  }
  const { executions } = await connection.workflows.executions();
  await write(
    io.stdout,
    executions.length === 0
      ? "No workflow has run yet.\n"
      : `${executions.map((view) => executionLine(view, waiting(view).length > 0)).join("\n")}\n`,
  );
}

async function printList(
  io: CliIo,
  workflows: readonly { name: string; description?: string | undefined; path?: string }[],
  problems: readonly WorkflowProblem[],
): Promise<void> {
  const lines = workflows.map((workflow) =>
    workflow.description === undefined ? workflow.name : `${workflow.name}  ${workflow.description}`,
  );
  if (lines.length === 0) lines.push("No workflows: add one as .parley/workflows/<name>.yaml");
  for (const problem of problems) {
    lines.push(`invalid ${problem.path}:`);
    const issues = problem.issues ?? [{ path: "", message: problem.message }];
    for (const issue of issues) lines.push(`  ${describeWorkflowIssue(issue)}`);
  }
  // Names, descriptions and problems come from workflow files, which a cloned repository may have written.
  await write(io.stdout, safeText(`${lines.join("\n")}\n`));
}

/** What went wrong, as the server said it (not the request line the SDK puts before it). */
function messageOf(error: unknown): string {
  if (error instanceof ApiRequestError && error.body !== undefined) return error.body.error.message;
  return (error as Error).message;
}
