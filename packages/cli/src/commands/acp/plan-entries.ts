import type { PlanEntry, SessionUpdate } from "@agentclientprotocol/sdk";
import type { PlanUpdate } from "@parley/engine";
import { parsePlanFromText } from "@parley/protocol";

/**
 * The plan an editor shows for a session: the steps of the plan a plan-mode turn answered with, then their
 * progress as the agent reports it with `UpdatePlan` (a skipped step shows as completed, its note saying
 * why). Each change is sent whole, as ACP's `plan` update replaces the editor's plan.
 */
export class PlanEntries {
  #steps: { number: number; content: string; status: PlanEntry["status"] }[] = [];

  /** A plan-mode answer's plan, when it holds a valid one; undefined otherwise. */
  fromAnswer(text: string): SessionUpdate | undefined {
    const parsed = parsePlanFromText(text);
    if (parsed.kind !== "Plan") return undefined;
    this.#steps = parsed.data.steps.map((step) => ({
      number: step.step_number,
      content: step.action,
      status: "pending",
    }));
    return this.#update();
  }

  /** An `UpdatePlan` report applied to the steps (a step the plan did not have is added). */
  progress(report: PlanUpdate): SessionUpdate {
    for (const reported of report.steps) {
      let step = this.#steps.find((candidate) => candidate.number === reported.step_number);
      if (step === undefined) {
        step = { number: reported.step_number, content: `Step ${reported.step_number}`, status: "pending" };
        this.#steps.push(step);
        this.#steps.sort((a, b) => a.number - b.number);
      }
      step.status = reported.status === "skipped" ? "completed" : reported.status;
      if (reported.note) step.content = `${step.content.split(" — ")[0]} — ${reported.note}`;
    }
    return this.#update();
  }

  #update(): SessionUpdate {
    return {
      sessionUpdate: "plan",
      entries: this.#steps.map((step) => ({
        content: step.content,
        priority: "medium",
        status: step.status,
      })),
    };
  }
}
