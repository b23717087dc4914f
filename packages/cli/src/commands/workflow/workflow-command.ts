import { existsSync, realpathSync, statSync } from "node:fs";
import { parleyHome } from "@parley/engine";
import { describeWorkflowIssue, type WorkflowExecutionView, type WorkflowProblem } from "@parley/protocol";
import { ApiRequestError, ParleyClient, WorkflowClient } from "@parley/sdk";
import { findRunningServer, loadWorkflows, type ParleyServer, startParleyServer } from "@parley/server";
import { type CliIo, write } from "../../cli-io.ts";
import { UsageError } from "../../usage-error.ts";
import type { Command } from "../command.ts";
import { parseWorkflowArgs, WORKFLOW_HELP, type WorkflowArgs } from "./parse-workflow-args.ts";
import { executionLine, executionReport, progressLines } from "./workflow-report.ts";

/** How often `run` looks at the workflow while following it. */
const FOLLOW_INTERVAL_MS = 250;

/** The server a command talks to, and how to let go of it. */
interface Connection {
  workflows: WorkflowClient;
  api: ParleyClient;
  /** Set when no server was running and one was started in this process for the command. */
  local?: ParleyServer;
}

/**
 * `parley workflow list|run|status|pause|resume|retry|cancel`: the workflows of a project, through the
 * server that serves it (the one `parley serve` started, found in $PARLEY_HOME, or --url). With none
 * running, a server is started in this process for the command, on the same store, so the workflow's card
 * is in the project's history either way.
 */
export const workflowCommand: Command = {
  name: "workflow",
  summary: "List, run and control the project's workflows (.parley/workflows/*.yaml)",
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
      const { workflows, problems } = loadWorkflows(projectRoot, home);
      await printList(
        io,
        workflows.map((workflow) => ({ ...workflow.definition, path: workflow.path })),
        problems,
      );
      return 0;
    }
    const connection = await connect(args, projectRoot, home, io);
    try {
      return await perform(args, connection, io);
    } catch (error) {
      await write(io.stderr, `parley: ${messageOf(error)}\n`);
      return 1;
    } finally {
      await connection.local?.close();
    }
  },
};

async function connect(
  args: Exclude<WorkflowArgs, { action: "help" }>,
  projectRoot: string,
  home: string,
  io: CliIo,
) {
  const found =
    args.url === undefined
      ? findRunningServer(home, projectRoot)
      : { url: args.url, token: io.env.PARLEY_TOKEN ?? "" };
  if (found !== undefined) {
    const options = { baseUrl: found.url, token: found.token };
    return { workflows: new WorkflowClient(options), api: new ParleyClient(options) } satisfies Connection;
  }
  const local = await startParleyServer({ projectRoot, home, env: io.env, port: 0 });
  const options = { baseUrl: local.url, token: local.token };
  return {
    workflows: new WorkflowClient(options),
    api: new ParleyClient(options),
    local,
  } satisfies Connection;
}

async function perform(args: Exclude<WorkflowArgs, { action: "help" }>, connection: Connection, io: CliIo) {
  const { workflows } = connection;
  switch (args.action) {
    case "list": {
      const list = await workflows.definitions();
      await printList(io, list.workflows, list.problems);
      return 0;
    }
    case "status": {
      if (args.executionId !== undefined) {
        await write(io.stdout, executionReport(await workflows.get(args.executionId)));
        return 0;
      }
      const { executions } = await workflows.executions();
      await write(
        io.stdout,
        executions.length === 0
          ? "No workflow has run yet.\n"
          : `${executions.map(executionLine).join("\n")}\n`,
      );
      return 0;
    }
    case "pause":
      await write(io.stdout, executionReport(await workflows.pause(args.executionId, args.now)));
      return 0;
    case "resume":
    case "retry":
    case "cancel": {
      const view = await workflows.act(args.executionId, args.action);
      if (args.action === "cancel" || connection.local === undefined) {
        await write(io.stdout, executionReport(view));
        return 0;
      }
      // With no server running, this process is what runs the workflow: follow it until it stops.
      return follow(connection, view, io);
    }
    case "run": {
      const view = await workflows.start(args.name, {
        inputs: args.inputs,
        ...(args.sessionId !== undefined && { session_id: args.sessionId }),
      });
      await write(
        io.stdout,
        `Started ${view.workflow_name} (${view.execution_id}) in session ${view.session_id}\n`,
      );
      if (args.detach && connection.local === undefined) return 0;
      return follow(connection, view, io);
    }
  }
}

/** Prints the workflow's progress until it stops; Ctrl-C stops following (a local server pauses it). */
async function follow(connection: Connection, started: WorkflowExecutionView, io: CliIo): Promise<number> {
  let last: WorkflowExecutionView | undefined;
  let interrupted = false;
  const stopInterrupt = io.onInterrupt(() => {
    interrupted = true;
  });
  try {
    for (let view = started; ; view = await connection.workflows.get(started.execution_id)) {
      const lines = progressLines(last, view);
      if (lines.length > 0) await write(io.stdout, `${lines.join("\n")}\n`);
      last = view;
      const { status } = view.execution;
      if (status === "Completed") return 0;
      if (status === "Failed" || status === "Cancelled" || status === "Paused") {
        await write(io.stdout, executionReport(view));
        if (status === "Paused")
          await write(io.stdout, `Resume it with: parley workflow resume ${view.execution_id}\n`);
        if (status === "Failed")
          await write(
            io.stdout,
            `Run the failed step again with: parley workflow retry ${view.execution_id}\n`,
          );
        return 1;
      }
      if (interrupted) return await stopFollowing(connection, view, io);
      if (connection.local !== undefined && (await waitsForApproval(connection, view))) {
        await write(
          io.stderr,
          "A step waits for your approval, and nobody can give it here: pausing. Allow the command with a permission rule, or run `parley serve` and approve it in the web UI, then resume.\n",
        );
        await connection.workflows.pause(view.execution_id, true);
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, FOLLOW_INTERVAL_MS));
    }
  } finally {
    stopInterrupt();
  }
}

async function stopFollowing(
  connection: Connection,
  view: WorkflowExecutionView,
  io: CliIo,
): Promise<number> {
  if (connection.local === undefined) {
    await write(io.stdout, `Still running in the server: parley workflow status ${view.execution_id}\n`);
    return 1;
  }
  const paused = await connection.workflows.pause(view.execution_id, true);
  await write(
    io.stdout,
    `${executionReport(paused)}Resume it with: parley workflow resume ${view.execution_id}\n`,
  );
  return 1;
}

/** Whether one of the workflow's own calls waits for a person's approval. */
async function waitsForApproval(connection: Connection, view: WorkflowExecutionView): Promise<boolean> {
  const { approvals } = await connection.api.listApprovals({ session_id: view.session_id, state: "pending" });
  return approvals.some((approval) => approval.agent_id === "workflow");
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
  await write(io.stdout, `${lines.join("\n")}\n`);
}

/** What went wrong, as the server said it (not the request line the SDK puts before it). */
function messageOf(error: unknown): string {
  if (error instanceof ApiRequestError && error.body !== undefined) return error.body.error.message;
  return (error as Error).message;
}
