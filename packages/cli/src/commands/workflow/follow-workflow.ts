import type { Approval, ApprovalDecision, WorkflowExecutionView } from "@parley/protocol";
import {
  ApiRequestError,
  describeRule,
  type ParleyClient,
  safeText,
  visibleText,
  type WorkflowClient,
} from "@parley/sdk";
import { type CliIo, write } from "../../cli-io.ts";
import { approvalAnnouncement, askForApproval, isWorkflowApproval } from "./approval-question.ts";
import { executionReport, progressLines } from "./workflow-report.ts";

/** How often a followed workflow and its approvals are looked at. */
const FOLLOW_INTERVAL_MS = 250;

/** What following a workflow needs: the server, where its web UI is, and who can answer here. */
export interface FollowTarget {
  workflows: WorkflowClient;
  api: ParleyClient;
  io: CliIo;
  /** True when the server runs in this process: nobody else is there to answer, and it stops with us. */
  local: boolean;
  /** Where to answer in the web UI: a session's page (a one-time sign-in link for a server of this process). */
  answerAt: (sessionId: string) => Promise<{ url: string; label: string } | undefined>;
  /** Whether a person is at a terminal to answer approvals here. */
  interactive: boolean;
}

/** A question on the terminal about one approval, which the loop can withdraw. */
interface OpenQuestion {
  approvalId: string;
  controller: AbortController;
  done: Promise<void>;
  /** The person answered here (and the answer was sent), or the question was withdrawn. */
  settled: boolean;
}

/**
 * Prints a workflow's progress until it stops, and never goes quiet about a step that waits for a
 * person: each approval is announced with the command, why it asks and the web UI page; in a terminal it
 * is asked here as well (an answer given in the UI meanwhile withdraws the question). With no server
 * running and no terminal, it pauses the workflow and says how to go on. Ctrl-C stops following (a
 * workflow of this process's server is paused first).
 */
export async function followWorkflow(target: FollowTarget, started: WorkflowExecutionView): Promise<number> {
  const { io } = target;
  const announced = new Set<string>();
  let question: OpenQuestion | undefined;
  let interrupted = false;
  const interrupt = () => {
    interrupted = true;
    question?.controller.abort();
  };
  const stopInterrupt = io.onInterrupt(interrupt);
  const withdraw = async () => {
    question?.controller.abort();
    await question?.done;
    question = undefined;
  };
  try {
    let last: WorkflowExecutionView | undefined;
    for (let view = started; ; view = await target.workflows.get(started.execution_id)) {
      const lines = progressLines(last, view);
      if (lines.length > 0) await write(io.stdout, `${lines.join("\n")}\n`);
      last = view;
      const { status } = view.execution;
      if (status === "Completed") return 0;
      if (status === "Failed" || status === "Cancelled" || status === "Paused") {
        await withdraw();
        return await reportStopped(io, view);
      }
      if (interrupted) {
        await withdraw();
        return await stopFollowing(target, view);
      }
      const pending = await pendingApprovals(target.api, view);
      if (question?.settled === true) question = undefined;
      if (question !== undefined && !pending.some((approval) => approval.id === question?.approvalId)) {
        await withdraw();
        await write(io.stdout, "    (answered elsewhere)\n");
      }
      const fresh = pending.filter((candidate) => !announced.has(candidate.id));
      const answerAt = fresh.length > 0 ? await target.answerAt(view.session_id) : undefined;
      for (const approval of fresh) {
        announced.add(approval.id);
        await write(io.stdout, approvalAnnouncement(view, approval, answerAt));
      }
      const waiting = pending[0];
      if (waiting !== undefined && question === undefined) {
        if (target.interactive) question = ask(target, waiting, interrupt);
        else if (target.local) {
          await write(io.stderr, nobodyToAnswer(view, waiting));
          await target.workflows.pause(
            view.execution_id,
            true,
            "it waited for an approval nobody could give here",
          );
          continue;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, FOLLOW_INTERVAL_MS));
    }
  } finally {
    stopInterrupt();
    question?.controller.abort();
  }
}

/** Asks about one approval on the terminal and sends the answer, while the loop goes on looking. */
function ask(target: FollowTarget, approval: Approval, interrupt: () => void): OpenQuestion {
  const { io } = target;
  const controller = new AbortController();
  const question: OpenQuestion = {
    approvalId: approval.id,
    controller,
    done: Promise.resolve(),
    settled: false,
  };
  question.done = askForApproval(io, approval, controller.signal, interrupt)
    .then(async (decision) => {
      if (decision === undefined) await write(io.stdout, "\n");
      else await answer(target, approval, decision);
    })
    .catch((error: unknown) =>
      write(io.stderr, `parley: could not answer: ${safeText((error as Error).message)}\n`),
    )
    .finally(() => {
      question.settled = true;
    });
  return question;
}

async function answer(target: FollowTarget, approval: Approval, decision: ApprovalDecision): Promise<void> {
  try {
    await target.api.answerApproval(approval.id, { decision });
    const rule = approval.suggested_rule;
    const said =
      decision === "reject"
        ? "refused"
        : decision === "approve_always" && rule !== null
          ? `allowed, and ${visibleText(describeRule(rule))} saved for this project`
          : "allowed once";
    await write(target.io.stdout, `    ${said}\n`);
  } catch (error) {
    // Answered in the web UI a moment earlier: the first answer stands.
    if (error instanceof ApiRequestError && error.status === 409)
      await write(target.io.stdout, "    (already answered elsewhere)\n");
    else throw error;
  }
}

/** The approvals a workflow waits for now (its own calls and its agent steps' turns). */
export async function pendingApprovals(api: ParleyClient, view: WorkflowExecutionView): Promise<Approval[]> {
  const { approvals } = await api.listApprovals({ session_id: view.session_id, state: "pending" });
  return approvals.filter((approval) => isWorkflowApproval(view, approval));
}

/** Why the workflow pauses here, and the ways on, each one a command or a click away. */
function nobodyToAnswer(view: WorkflowExecutionView, approval: Approval): string {
  const id = view.execution_id;
  const rule = approval.suggested_rule;
  return [
    "Nobody can answer it here: this is not a terminal, and no Parley server is running for the web UI. Pausing.",
    "To go on, either:",
    `  - answer it in a terminal: parley workflow resume ${id}`,
    `  - or answer it in the web UI: start \`parley serve\`, then parley workflow resume ${id}`,
    ...(rule === null
      ? []
      : [
          `    (answering "always" saves the rule ${visibleText(describeRule(rule))}, so it runs unasked from then on)`,
        ]),
    `  - or resume it unattended: parley workflow resume ${id} --permission-mode bypassPermissions`,
    "    (acceptEdits allows file edits only; dontAsk refuses what would ask, failing the step)",
    "",
  ].join("\n");
}

async function reportStopped(io: CliIo, view: WorkflowExecutionView): Promise<number> {
  await write(io.stdout, executionReport(view));
  const { status } = view.execution;
  if (status === "Paused")
    await write(io.stdout, `Resume it with: parley workflow resume ${view.execution_id}\n`);
  if (status === "Failed")
    await write(io.stdout, `Run the failed step again with: parley workflow retry ${view.execution_id}\n`);
  return 1;
}

async function stopFollowing(target: FollowTarget, view: WorkflowExecutionView): Promise<number> {
  const { io } = target;
  if (!target.local) {
    await write(io.stdout, `Still running in the server: parley workflow status ${view.execution_id}\n`);
    return 1;
  }
  const paused = await target.workflows.pause(view.execution_id, true, "Ctrl-C stopped parley workflow");
  await write(
    io.stdout,
    `${executionReport(paused)}Resume it with: parley workflow resume ${view.execution_id}\n`,
  );
  return 1;
}
