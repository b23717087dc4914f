import {
  interpolateShellCommand,
  interpolateWorkflowText,
  interpolateWorkflowValue,
  type WorkflowScope,
} from "@parley/engine";
import { shellCommandOf, type WorkflowStep } from "@parley/protocol";
import { currentPermissionMode } from "../agents/context/permission-mode.ts";
import type { AgentService } from "../agents/service/agent-service.ts";
import type { WorkflowExecutionRecord } from "../store/workflow-execution-store.ts";
import { runAgentStep } from "./workflow-agent-step.ts";
import { runToolStep, type StepOutcome } from "./workflow-tool-step.ts";

/** The agent id a workflow's own tool and shell calls are shown under (their cards, their approvals). */
export const WORKFLOW_AGENT_ID = "workflow";

/** A shell step without a `timeout` may run this long (GitHub Actions gives a job six hours). */
const DEFAULT_SHELL_TIMEOUT_S = 3_600;

/** Live output is shown at most this often, so a chatty command does not write the card per line. */
const OUTPUT_INTERVAL_MS = 250;

/** One attempt of one step. */
export interface StepAttempt {
  record: WorkflowExecutionRecord;
  step: WorkflowStep;
  /** Names this attempt's tool call cards and approvals. */
  runId: string;
  signal: AbortSignal;
  /** What the step has printed so far. */
  onOutput: (output: string) => void;
  /** An agent step's turn, once it is known. */
  onAgentRun: (runId: string) => void;
}

/**
 * Runs one attempt of a step with its references filled in: a prompt as an agent turn, a tool or a shell
 * command through the permission policy and approvals. Its `timeout` stops it and fails it.
 */
export async function runWorkflowStep(agents: AgentService, attempt: StepAttempt): Promise<StepOutcome> {
  const { record, step } = attempt;
  const scope: WorkflowScope = { inputs: record.inputs, outputs: record.outputs };
  const controller = new AbortController();
  const stop = () => controller.abort();
  attempt.signal.addEventListener("abort", stop, { once: true });
  if (attempt.signal.aborted) stop();
  let timedOut = false;
  const timer =
    step.timeout === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, step.timeout * 1000);
  const output = throttledOutput(attempt.onOutput);
  try {
    const outcome = await runAttempt(agents, attempt, scope, controller.signal, output.line, output.set);
    if (timedOut)
      return {
        ok: false,
        error: { code: "timeout", message: `the step ran longer than its timeout (${step.timeout} s)` },
      };
    return outcome;
  } finally {
    clearTimeout(timer);
    output.close();
    attempt.signal.removeEventListener("abort", stop);
  }
}

async function runAttempt(
  agents: AgentService,
  attempt: StepAttempt,
  scope: WorkflowScope,
  signal: AbortSignal,
  onLine: (line: string) => void,
  onText: (text: string) => void,
): Promise<StepOutcome> {
  const { record, step } = attempt;
  const context = agents.context;
  if ("prompt" in step) {
    return runAgentStep(agents, {
      sessionId: record.session_id,
      agentId: record.agent_id,
      prompt: interpolateWorkflowText(step.prompt, scope),
      signal,
      onText,
      onRun: attempt.onAgentRun,
      ...((step.model !== undefined || step.tools !== undefined) && {
        turn: {
          ...(step.model !== undefined && { model: step.model }),
          ...(step.tools !== undefined && { tools: step.tools }),
        },
      }),
    });
  }
  let command: string | undefined;
  try {
    const shell = shellCommandOf(step);
    if (shell !== undefined) command = interpolateShellCommand(shell.command, scope);
  } catch (error) {
    return { ok: false, error: { code: "invalid_step", message: (error as Error).message } };
  }
  const call =
    "tool" in step
      ? {
          toolName: step.tool,
          input: {
            ...(interpolateWorkflowValue(step.with, scope) as Record<string, unknown>),
            ...(command !== undefined && { command }),
          },
        }
      : {
          toolName: "Bash",
          input: {
            command: command ?? step.run,
            timeout: Math.round((step.timeout ?? DEFAULT_SHELL_TIMEOUT_S) * 1000),
            description: step.name ?? step.id,
          },
        };
  return runToolStep(context, {
    ...call,
    toolUseId: `toolu_${attempt.runId}`,
    scope: { sessionId: record.session_id, agentId: WORKFLOW_AGENT_ID, runId: attempt.runId },
    permissionMode: await currentPermissionMode(context, record.session_id, record.agent_id),
    signal,
    onOutput: onLine,
    interrupting: () => false,
  });
}

/**
 * Collects output (a command's lines, or an agent's answer so far) and hands the text on at most every
 * OUTPUT_INTERVAL_MS.
 */
function throttledOutput(show: (output: string) => void): {
  line: (line: string) => void;
  set: (text: string) => void;
  close: () => void;
} {
  let text = "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (text.length > 200_000) text = text.slice(-100_000);
    timer ??= setTimeout(() => {
      timer = undefined;
      show(text);
    }, OUTPUT_INTERVAL_MS);
  };
  return {
    line: (line) => {
      text = text === "" ? line : `${text}\n${line}`;
      schedule();
    },
    set: (next) => {
      text = next;
      schedule();
    },
    close: () => clearTimeout(timer),
  };
}
