import { createInterface } from "node:readline/promises";
import type { Approval, ApprovalDecision, WorkflowExecutionView } from "@parley/protocol";
import { describeRule, safeText, visibleText } from "@parley/sdk";
import type { CliIo } from "../../cli-io.ts";

/**
 * Whether an approval is the workflow's: asked for by one of its own calls (`<execution>.<step>.<attempt>`)
 * or by the agent turn of one of its agent steps, not by something else going on in the same session.
 */
export function isWorkflowApproval(view: WorkflowExecutionView, approval: Approval): boolean {
  if (approval.session_id !== view.session_id) return false;
  if (approval.run_id.startsWith(`${view.execution_id}.`)) return true;
  return (view.execution.steps ?? []).some((step) => step.agent_run_ids?.includes(approval.run_id) === true);
}

/**
 * What a person reads when a workflow waits for them: the step, what would run (a shell command in
 * full), why Parley asks, and where to answer.
 */
export function approvalAnnouncement(
  view: WorkflowExecutionView,
  approval: Approval,
  answerAt: { url: string; label: string } | undefined,
): string {
  // A workflow's own call runs as `<execution>.<step>.<attempt>`; an agent step's calls are its turn's.
  const own = approval.run_id.startsWith(`${view.execution_id}.`) ? approval.run_id.split(".")[1] : undefined;
  const steps = view.execution.steps ?? [];
  const step =
    steps.find((candidate) => candidate.id === own) ??
    steps.find((candidate) => candidate.status === "running");
  const stepName = step === undefined ? "A step" : `Step "${safeText(step.name)}"`;
  const lines = [`[?] ${stepName} waits for your approval to run ${safeText(approval.tool_name)}:`];
  const command = approval.input.command;
  // The command as it will run: a carriage return or escape sequence in it is shown, not obeyed, so no
  // part of it can be hidden behind a harmless-looking line.
  const shown = typeof command === "string" ? visibleText(command) : safeText(approval.headline);
  for (const line of shown.split("\n")) lines.push(`      ${line}`);
  lines.push(`    Why it asks: ${safeText(approval.reason)}`);
  if (answerAt !== undefined) lines.push(`    ${answerAt.label}: ${answerAt.url}`);
  return `${lines.join("\n")}\n`;
}

/**
 * Asks on the terminal until the person answers: `y` runs it once, `a` runs it and saves the rule it
 * offers (only when it offers one), `n` refuses. Resolves undefined when `signal` aborts the question (it
 * was answered elsewhere, the workflow stopped, or Ctrl-C).
 */
export async function askForApproval(
  io: CliIo,
  approval: Approval,
  signal: AbortSignal,
  onInterrupt: () => void,
): Promise<ApprovalDecision | undefined> {
  const rule = approval.suggested_rule;
  const options = [
    "[y] yes, once",
    ...(rule === null ? [] : [`[a] always: ${visibleText(describeRule(rule))}`]),
    "[n] no",
  ];
  const readline = createInterface({ input: io.stdin, output: io.stdout, terminal: true });
  // In a terminal, readline takes Ctrl-C for itself: hand it on, so it stops following as it would.
  readline.on("SIGINT", onInterrupt);
  try {
    for (;;) {
      const answer = (await readline.question(`    Allow it? ${options.join("  ")} › `, { signal }))
        .trim()
        .toLowerCase();
      if (answer === "y" || answer === "yes") return "approve";
      if ((answer === "a" || answer === "always") && rule !== null) return "approve_always";
      if (answer === "n" || answer === "no") return "reject";
      io.stdout.write(`    Answer ${rule === null ? "y or n" : "y, a or n"}.\n`);
    }
  } catch (error) {
    if (signal.aborted) return undefined;
    throw error;
  } finally {
    readline.close();
  }
}
