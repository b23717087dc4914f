import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { WorkflowExecutionData, WorkflowExecutionView, WorkflowStepProgress } from "@parley/protocol";
import type { EventStream } from "./event-stream.ts";
import { type EventOf, waitForEvent } from "./server-events.ts";

/** Writes `.parley/workflows/<name>.yaml` into a project. */
export function writeWorkflow(project: string, name: string, yaml: string): void {
  const folder = join(project, ".parley", "workflows");
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, `${name}.yaml`), yaml);
}

/**
 * A shell script a step runs that waits until the test creates `<name>.go` (a gate the test opens), then
 * prints `<name> done`. The waiting happens in the step's own process, never in the test.
 */
export function writeGate(project: string, name: string): string {
  writeFileSync(
    join(project, `${name}.sh`),
    `#!/bin/sh\necho $$ > ${name}.pid\necho "${name} waiting"\nwhile [ ! -f ${name}.go ]; do sleep 0.02; done\necho "${name} done"\n`,
  );
  return `sh ${name}.sh`;
}

/** Opens a gate written by `writeGate`. */
export function openGate(project: string, name: string): void {
  writeFileSync(join(project, `${name}.go`), "");
}

/** The card data a ContextUpdate event carries. */
export function executionOf(event: EventOf<"ContextUpdate">): WorkflowExecutionData {
  return event.rich.data as WorkflowExecutionData;
}

/** Waits for a ContextUpdate of this execution whose card satisfies `predicate`; returns the card. */
export async function waitForWorkflow(
  events: EventStream,
  executionId: string,
  predicate: (execution: WorkflowExecutionData) => boolean,
): Promise<WorkflowExecutionData> {
  const event = await waitForEvent(
    events,
    "ContextUpdate",
    (candidate) => executionOf(candidate).execution_id === executionId && predicate(executionOf(candidate)),
  );
  return executionOf(event);
}

/** A step of a card by id. */
export function step(
  execution: WorkflowExecutionData | WorkflowExecutionView,
  id: string,
): WorkflowStepProgress {
  const data: WorkflowExecutionData =
    "execution_id" in execution && "message_id" in execution
      ? (execution as WorkflowExecutionView).execution
      : (execution as WorkflowExecutionData);
  const found = data.steps?.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no step ${id}`);
  return found;
}

/** Whether a process runs (a zombie, killed and waiting to be reaped, does not). */
export function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}
