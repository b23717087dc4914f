import type { WorkflowExecutionData } from "@parley/protocol";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { WorkflowCard } from "../src/workflows/workflow-card.tsx";

function execution(overrides: Partial<WorkflowExecutionData>): WorkflowExecutionData {
  return {
    workflow_name: "release",
    execution_id: "wfx_1",
    status: "Running",
    current_step: "Test",
    total_steps: 3,
    completed_steps: 1,
    started_at: "2026-03-14T10:00:00.000Z",
    updated_at: "2026-03-14T10:00:05.000Z",
    steps: [
      {
        id: "build",
        name: "Build",
        kind: "shell",
        status: "completed",
        attempts: 1,
        started_at: "2026-03-14T10:00:00.000Z",
        ended_at: "2026-03-14T10:00:02.500Z",
        output: "built",
      },
      { id: "test", name: "Test", kind: "shell", status: "running", attempts: 2, output: "3 passed so far" },
      { id: "notes", name: "Notes", kind: "agent", status: "pending", attempts: 0 },
    ],
    ...overrides,
  };
}

const buttons = () => screen.queryAllByRole("button").map((button) => button.textContent);

describe("a workflow card", () => {
  it("lists each step with its state, elapsed time and live output, and offers Pause, Pause now and Cancel while running", () => {
    render(<WorkflowCard execution={execution({})} messageId="m1" />);
    expect(screen.getByTestId("workflow-progress").textContent).toBe("1 of 3 steps");
    const steps = screen.getAllByTestId("workflow-step");
    expect(steps.map((step) => step.dataset.status)).toEqual(["completed", "running", "pending"]);
    expect(within(steps[0] as HTMLElement).getByTestId("workflow-step-elapsed").textContent).toBe(" · 2.5 s");
    expect(within(steps[1] as HTMLElement).getByTestId("workflow-step-output").textContent).toBe(
      "3 passed so far",
    );
    expect(steps[1]?.textContent).toContain("try 2");
    expect(buttons()).toEqual(["Pause", "Pause now", "Cancel"]);
  });

  it("says Pausing once a pause waits for the step boundary, and offers only Pause now and Cancel", () => {
    render(<WorkflowCard execution={{ ...execution({}), pause_requested: true }} messageId="m1" />);
    expect(screen.getByTestId("workflow-status").textContent).toBe("Pausing");
    expect(buttons()).toEqual(["Pause now", "Cancel"]);
  });

  it("offers Resume and Cancel when paused, Retry step with the error when failed, and nothing when done", () => {
    const { unmount } = render(<WorkflowCard execution={execution({ status: "Paused" })} messageId="m1" />);
    expect(buttons()).toEqual(["Resume", "Cancel"]);
    unmount();
    const failed = render(
      <WorkflowCard
        execution={execution({ status: "Failed", error: { code: "tool_error", message: "2 tests failed" } })}
        messageId="m1"
      />,
    );
    expect(buttons()).toEqual(["Retry step"]);
    expect(screen.getByTestId("workflow-error").textContent).toBe("2 tests failed");
    failed.unmount();
    render(
      <WorkflowCard execution={execution({ status: "Completed", completed_steps: 3 })} messageId="m1" />,
    );
    expect(buttons()).toEqual([]);
  });
});
