import { permissionUpdateForRule, type ToolOutput } from "@parley/engine";
import type { Approval, ApprovalDecision, WorkflowExecutionView, WorkflowInputValue } from "@parley/protocol";
import { ApiRequestError } from "@parley/sdk";
import { pendingApprovals } from "../workflow/follow-workflow.ts";
import { openWorkflowConnection, type WorkflowConnection } from "../workflow/workflow-connection.ts";
import { executionReport } from "../workflow/workflow-report.ts";
import type { RunWorkflowToolOptions } from "./run-workflow-tool.ts";

/** How often the running workflow and its approvals are looked at (as `parley workflow run` does). */
const LOOK_INTERVAL_MS = 250;
/** The most of one step's output the model is given back. */
const STEP_OUTPUT_CHARS = 4_000;

const ENDED = new Set(["Completed", "Failed", "Cancelled", "Paused"]);

/**
 * Starts the workflow through the project's server and waits for it to end. A step's approval goes to the
 * run's host (`options.ask`) and its answer to the server; with nobody to ask, a workflow of this
 * process's server pauses (it would wait forever), while one of a running `parley serve` waits for the
 * person in the web UI. An interrupted turn pauses a workflow of this process's server and leaves one of
 * `parley serve` running. The answer is the report: status, each step with its output, how to go on.
 */
export async function runWorkflowToEnd(
  options: RunWorkflowToolOptions,
  request: { name: string; inputs: Record<string, WorkflowInputValue> },
  signal: AbortSignal,
): Promise<ToolOutput> {
  let connection: WorkflowConnection | undefined;
  try {
    connection = await openWorkflowConnection(options);
    const started = await connection.workflows.start(request.name, {
      inputs: request.inputs,
      permission_mode: options.permissionMode(),
    });
    const { view, note } = await follow(connection, started, options, signal);
    const text = `${executionReport(view)}${stepOutputs(view)}${note ?? ""}${howToGoOn(view, connection)}`;
    return { content: text, isError: view.execution.status !== "Completed" };
  } catch (error) {
    return {
      content: `Could not run workflow "${request.name}": ${(error as Error).message}`,
      isError: true,
    };
  } finally {
    await connection?.local?.close();
  }
}

async function follow(
  connection: WorkflowConnection,
  started: WorkflowExecutionView,
  options: RunWorkflowToolOptions,
  signal: AbortSignal,
): Promise<{ view: WorkflowExecutionView; note?: string }> {
  const { workflows, api, local } = connection;
  const asked = new Set<string>();
  let note: string | undefined;
  let pausing = false;
  for (let view = started; ; view = await workflows.get(started.execution_id)) {
    if (ENDED.has(view.execution.status)) return { view, ...(note !== undefined && { note }) };
    if (signal.aborted && !pausing) {
      if (local === undefined)
        return { view, note: "The turn was interrupted; the workflow goes on in the server.\n" };
      note = "The turn was interrupted, so the workflow was paused.\n";
      pausing = true;
      await workflows.pause(view.execution_id, true, "the parley run turn that started it was interrupted");
    }
    for (const approval of pausing ? [] : await pendingApprovals(api, view)) {
      if (asked.has(approval.id)) continue;
      asked.add(approval.id);
      if (options.ask !== undefined) {
        await answer(connection, approval, await decide(options, approval, signal));
      } else if (local !== undefined) {
        note = `A step asked for approval to use ${approval.tool_name} (${approval.reason}), and nobody can answer it here, so the workflow was paused.\n`;
        pausing = true;
        await workflows.pause(view.execution_id, true, "it waited for an approval nobody could give here");
        break;
      }
      // With `parley serve` running, the person answers in its web UI; this waits for them.
    }
    await pause(LOOK_INTERVAL_MS, signal);
  }
}

/** Asks the run's host about a step's call as it asks about the agent's own. */
async function decide(
  options: RunWorkflowToolOptions,
  approval: Approval,
  signal: AbortSignal,
): Promise<{ decision: ApprovalDecision; feedback?: string }> {
  const rule = approval.suggested_rule ?? undefined;
  const result = await (options.ask as NonNullable<RunWorkflowToolOptions["ask"]>)({
    toolName: approval.tool_name,
    input: approval.input,
    toolUseId: approval.tool_use_id,
    signal,
    reason: approval.reason,
    ...(approval.blocked_path !== null && { blockedPath: approval.blocked_path }),
    ...(rule !== undefined && { suggestedRule: rule }),
    suggestions: rule === undefined ? [] : [permissionUpdateForRule(rule)],
  }).catch(() => undefined);
  if (result?.behavior === "allow")
    return { decision: (result.updatedPermissions?.length ?? 0) > 0 ? "approve_always" : "approve" };
  return { decision: "reject", ...(result?.behavior === "deny" && { feedback: result.message }) };
}

async function answer(
  connection: WorkflowConnection,
  approval: Approval,
  answer: { decision: ApprovalDecision; feedback?: string },
): Promise<void> {
  try {
    await connection.api.answerApproval(approval.id, answer);
  } catch (error) {
    // Answered in the web UI a moment earlier: the first answer stands.
    if (!(error instanceof ApiRequestError && error.status === 409)) throw error;
  }
}

/** Each step's output, capped, so the model can use what the workflow produced. */
function stepOutputs(view: WorkflowExecutionView): string {
  const parts = (view.execution.steps ?? [])
    .filter((step) => typeof step.output === "string" && step.output.trim() !== "")
    .map((step) => {
      const output = step.output as string;
      const shown =
        output.length > STEP_OUTPUT_CHARS
          ? `${output.slice(0, STEP_OUTPUT_CHARS)}\n… (${output.length - STEP_OUTPUT_CHARS} more characters)`
          : output;
      return `--- ${step.name} output ---\n${shown.trimEnd()}\n`;
    });
  return parts.join("");
}

function howToGoOn(view: WorkflowExecutionView, connection: WorkflowConnection): string {
  const id = view.execution_id;
  const where = `Its card is in session ${view.session_id}${connection.local === undefined ? ` (${connection.origin}/sessions/${encodeURIComponent(view.session_id)})` : ""}.`;
  switch (view.execution.status) {
    case "Paused":
      return `${where} The user can resume it with: parley workflow resume ${id}\n`;
    case "Failed":
      return `${where} The user can run the failed step again with: parley workflow retry ${id}\n`;
    case "Running":
      return `${where} Follow it with: parley workflow status ${id}\n`;
    default:
      return `${where}\n`;
  }
}

/** Waits `ms`, or less when the turn is interrupted meanwhile. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return new Promise((resolve) => setTimeout(resolve, ms));
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}
