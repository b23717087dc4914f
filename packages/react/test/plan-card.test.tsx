import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { planCard, renderTurns, turnWith } from "./support/card-fixtures.tsx";

const plan = () => screen.getByTestId("plan-card");

describe("PlanMessageCard", () => {
  it("shows the goal prominently, numbered steps with the tools each needs, risks and the time it takes", () => {
    renderTurns([turnWith([planCard()])]);
    expect(plan().dataset).toMatchObject({ status: "proposed", messageId: "msg_plan", interactive: "true" });
    const goal = screen.getByTestId("plan-goal");
    expect(goal.tagName).toBe("H3");
    expect(goal.textContent).toBe("Add a cache");
    const steps = screen.getAllByTestId("plan-step");
    expect(steps.map((step) => [step.dataset.stepNumber, step.dataset.status])).toEqual([
      ["1", "pending"],
      ["2", "pending"],
    ]);
    expect(steps[0]?.textContent).toContain("1.Read the service — see the lookups");
    expect(within(steps[1] as HTMLElement).getByTestId("plan-step-tools").textContent).toBe("Write");
    expect(screen.getAllByTestId("plan-risk").map((risk) => risk.textContent)).toEqual(["Stale entries"]);
    expect(screen.getByTestId("plan-risks").getAttribute("role")).toBe("note");
    expect(screen.getByTestId("plan-estimated-time").textContent).toContain("10 minutes");
  });

  it("offers Execute Plan as the workflow run, and Execute in one turn for handing the whole plan over", () => {
    renderTurns([turnWith([planCard()])]);
    const execute = screen.getByTestId("plan-execute-steps");
    expect(execute.textContent).toBe("Execute Plan");
    expect(execute.className).toContain("button-primary");
    expect(screen.getByTestId("plan-execute").textContent).toBe("Execute in one turn");
  });

  it("Execute in one turn runs it in the mode chosen, then shows it being carried out instead of the buttons", async () => {
    const { store } = renderTurns([turnWith([planCard()])]);
    await userEvent.selectOptions(screen.getByTestId("plan-execute-mode"), "acceptEdits");
    await userEvent.click(screen.getByTestId("plan-execute"));
    expect(store.callsOf("executePlan")).toEqual([["msg_plan", "acceptEdits"]]);
    expect(plan().dataset.status).toBe("executing");
    expect(screen.getByTestId("plan-status").textContent).toBe("Being carried out (Accept edits)");
    expect(screen.queryByTestId("plan-execute")).toBeNull();
    expect(screen.queryByTestId("plan-refine")).toBeNull();
  });

  it("Refine Plan sends the feedback written in its box", async () => {
    const { store } = renderTurns([turnWith([planCard()])]);
    await userEvent.click(screen.getByTestId("plan-refine"));
    expect((screen.getByTestId("plan-refine-send") as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByTestId("plan-refine-feedback"), "Use Redis instead");
    await userEvent.click(screen.getByTestId("plan-refine-send"));
    expect(store.callsOf("refinePlan")).toEqual([["msg_plan", "Use Redis instead"]]);
    expect(plan().dataset.status).toBe("refining");
    expect(screen.getByTestId("plan-status").textContent).toContain("Use Redis instead");
  });

  it("keeps an open card current as the agent reports each step's progress", () => {
    const { store } = renderTurns([
      turnWith([
        planCard({ status: "executing", decision: { action: "execute", at_ms: 1_795_000_000_000 } }),
      ]),
    ]);
    act(() =>
      store.updateCard(
        (card) => card.id === "msg_plan",
        () =>
          planCard({
            status: "executing",
            decision: { action: "execute", at_ms: 1_795_000_000_000, permission_mode: "default" },
            steps: [
              { step_number: 1, action: "Read the service", reason: "see", status: "completed" },
              {
                step_number: 2,
                action: "Add the cache module",
                reason: "keep",
                status: "skipped",
                note: "Already cached",
              },
            ],
          }),
      ),
    );
    expect(screen.getAllByTestId("plan-step").map((step) => step.dataset.status)).toEqual([
      "completed",
      "skipped",
    ]);
    expect(screen.getByTestId("plan-step-note").textContent).toBe("Already cached");
  });

  it("says why it could not be answered", async () => {
    const { store } = renderTurns([turnWith([planCard()])]);
    store.nextOutcome = {
      status: "failed",
      message: "Parley is shutting down; answer after it restarts",
      issues: [],
    };
    await userEvent.click(screen.getByTestId("plan-execute"));
    expect(screen.getByTestId("plan-error").textContent).toBe(
      "Parley is shutting down; answer after it restarts",
    );
    expect(screen.getByTestId("plan-execute")).not.toBeNull();
  });

  it("shows a plan written in text without buttons: only a Plan message can be executed", () => {
    const block = {
      type: "plan",
      goal: "Tidy up",
      steps: [{ step_number: 1, action: "Sort", reason: "order" }],
    };
    renderTurns([turnWith([], { segments: [{ id: "s1", text: JSON.stringify(block), streaming: false }] })]);
    expect(screen.getByTestId("special-block").dataset.blockType).toBe("plan");
    expect(plan().dataset.interactive).toBe("false");
    expect(screen.queryByTestId("plan-execute")).toBeNull();
  });
});
