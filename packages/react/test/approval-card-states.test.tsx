import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { approvalCard, renderTurns, resultCard, turnWith } from "./support/card-fixtures.tsx";

const card = () => screen.getByTestId("approval-card");

describe("ApprovalCard in an agent turn", () => {
  it("shows the tool, what it would do, its input readably, why it asks, and the rule Always allow saves", () => {
    renderTurns([turnWith([approvalCard()])]);
    expect(card().dataset).toMatchObject({
      status: "pending",
      approvalId: "apv_1",
      tool: "Write",
      messageId: "msg_request",
    });
    expect(screen.getByTestId("approval-tool").textContent).toBe("Write");
    expect(screen.getByTestId("approval-headline").textContent).toBe("Writing notes/hello.txt");
    const parameters = within(screen.getByTestId("approval-parameters")).getAllByTestId("tool-parameter");
    expect(parameters.map((row) => row.dataset.name)).toEqual(["file_path", "content"]);
    expect(parameters[0]?.textContent).toContain("notes/hello.txt");
    expect(screen.getByTestId("approval-reason").textContent).toBe("Write would change notes/hello.txt");
    expect(screen.getByTestId("approval-rule").textContent).toBe("Write(notes/**)");
    expect(screen.queryByTestId("approval-protected-warning")).toBeNull();
  });

  it("approves once with one click, then shows the decision instead of the buttons", async () => {
    const { store } = renderTurns([turnWith([approvalCard()])]);
    await userEvent.click(screen.getByTestId("approval-approve"));
    expect(store.callsOf("answerApproval")).toEqual([["apv_1", { decision: "approve" }]]);
    expect(card().dataset.status).toBe("approved");
    expect(screen.getByTestId("approval-status").textContent).toContain("Approved once");
    expect(screen.queryByTestId("approval-approve")).toBeNull();
  });

  it("Always allow approves and names the rule it saved", async () => {
    const { store } = renderTurns([turnWith([approvalCard()])]);
    await userEvent.click(screen.getByTestId("approval-always"));
    expect(store.callsOf("answerApproval")).toEqual([["apv_1", { decision: "approve_always" }]]);
    expect(screen.getByTestId("approval-status").textContent).toContain(
      "Always allowed: saved the rule Write(notes/**)",
    );
  });

  it("rejects with feedback for the agent, and shows the feedback once rejected", async () => {
    const { store } = renderTurns([turnWith([approvalCard()])]);
    await userEvent.click(screen.getByTestId("approval-reject"));
    expect(document.activeElement).toBe(screen.getByTestId("approval-feedback"));
    await userEvent.type(screen.getByTestId("approval-feedback"), "Use the test runner instead.");
    await userEvent.click(screen.getByTestId("approval-reject-send"));
    expect(store.callsOf("answerApproval")).toEqual([
      ["apv_1", { decision: "reject", feedback: "Use the test runner instead." }],
    ]);
    expect(card().dataset.status).toBe("rejected");
    expect(screen.getByTestId("approval-feedback-text").textContent).toBe("Use the test runner instead.");
  });

  it("closes the feedback box on Escape without answering", async () => {
    const { store } = renderTurns([turnWith([approvalCard()])]);
    await userEvent.click(screen.getByTestId("approval-reject"));
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByTestId("approval-feedback")).toBeNull();
    expect(screen.getByTestId("approval-approve")).not.toBeNull();
    expect(store.callsOf("answerApproval")).toEqual([]);
  });

  it("edits the input as JSON, checked before it can be sent, and approves the edited input", async () => {
    const { store } = renderTurns([turnWith([approvalCard()])]);
    await userEvent.click(screen.getByTestId("approval-edit"));
    const editor = screen.getByTestId("approval-input-editor") as HTMLTextAreaElement;
    expect(JSON.parse(editor.value)).toEqual({ file_path: "notes/hello.txt", content: "hello\n" });

    fireEvent.change(editor, { target: { value: '["not", "an object"]' } });
    expect(screen.getByTestId("approval-input-error").textContent).toContain("must be a JSON object");
    expect((screen.getByTestId("approval-edit-approve") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(editor, { target: { value: '{"file_path": "notes/hello.txt", ' } });
    expect(screen.getByTestId("approval-input-error").textContent).toContain("Not valid JSON");

    fireEvent.change(editor, { target: { value: '{"file_path": "notes/hi.txt", "content": "hi\\n"}' } });
    expect(screen.queryByTestId("approval-input-error")).toBeNull();
    await userEvent.click(screen.getByTestId("approval-edit-approve"));
    expect(store.callsOf("answerApproval")).toEqual([
      ["apv_1", { decision: "approve", updatedInput: { file_path: "notes/hi.txt", content: "hi\n" } }],
    ]);
    expect(screen.getByTestId("approval-status").textContent).toContain(
      "Approved once, with an edited input",
    );
    expect(
      within(screen.getByTestId("approval-parameters")).getAllByTestId("tool-parameter")[0]?.textContent,
    ).toContain("notes/hi.txt");
    expect(screen.getByTestId("approval-original")).not.toBeNull();
  });

  it("shows the server's objection to an edited input next to the editor, and keeps waiting", async () => {
    const { store } = renderTurns([turnWith([approvalCard()])]);
    store.nextOutcome = {
      status: "failed",
      message: "the edited input is not valid for Write",
      issues: [{ path: "body.updated_input.content", message: "expected string, received number" }],
    };
    await userEvent.click(screen.getByTestId("approval-edit"));
    fireEvent.change(screen.getByTestId("approval-input-editor"), {
      target: { value: '{"file_path": "a.txt", "content": 1}' },
    });
    await userEvent.click(screen.getByTestId("approval-edit-approve"));
    expect(screen.getByTestId("approval-input-error").textContent).toBe(
      "content: expected string, received number",
    );
    expect(card().dataset.status).toBe("pending");
  });

  it("warns about a protected path and offers no Always allow", () => {
    renderTurns([
      turnWith([
        approvalCard({
          parameters: { file_path: ".vscode/settings.json", content: "{}" },
          protected_path: true,
          blocked_path: ".vscode/settings.json",
          suggested_rule: undefined,
        }),
      ]),
    ]);
    expect(screen.getByTestId("approval-protected-warning").textContent).toContain(".vscode/settings.json");
    expect(screen.queryByTestId("approval-always")).toBeNull();
    expect(screen.getByTestId("approval-approve")).not.toBeNull();
  });

  it("in the tab that answered second, shows the first answer and no error", async () => {
    const { store } = renderTurns([turnWith([approvalCard()])]);
    let release = () => {};
    store.holdAnswers = new Promise((resolve) => {
      release = resolve;
    });
    store.nextOutcome = {
      status: "conflict",
      message: "this approval was already answered (approve_always)",
    };
    await userEvent.click(screen.getByTestId("approval-reject"));
    await userEvent.click(screen.getByTestId("approval-reject-send"));
    expect((screen.getByTestId("approval-reject-send") as HTMLButtonElement).disabled).toBe(true);
    // Meanwhile the other tab's answer reaches this tab as the re-announced card.
    act(() =>
      store.updateCard(
        (candidate) => candidate.id === "msg_request",
        (candidate) =>
          approvalCard({ approval_status: "Approved", decision: "approve_always" }, candidate.id),
      ),
    );
    release();
    expect(await screen.findByTestId("approval-answered-elsewhere")).not.toBeNull();
    expect(card().dataset.status).toBe("approved");
    expect(screen.getByTestId("approval-status").textContent).toContain("Always allowed");
    expect(screen.queryByTestId("approval-error")).toBeNull();
  });

  it("shows the result of the approved call under the card, and what a withdrawn approval means", () => {
    renderTurns([
      turnWith([
        approvalCard({ approval_status: "Approved", decision: "approve" }),
        resultCard("Created notes/hello.txt (6 bytes)."),
        approvalCard(
          { approval_status: "Cancelled", decided_by: "run", approval_id: "apv_2" },
          "msg_request_2",
        ),
      ]),
    ]);
    const [approved, withdrawn] = screen.getAllByTestId("approval-card");
    expect(within(approved as HTMLElement).getByTestId("tool-result-output").textContent).toBe(
      "Created notes/hello.txt (6 bytes).",
    );
    expect(withdrawn?.dataset.status).toBe("cancelled");
    expect(within(withdrawn as HTMLElement).getByTestId("approval-status").textContent).toContain(
      "Withdrawn",
    );
    // A result shows with its call, never twice.
    expect(screen.getAllByTestId("tool-result")).toHaveLength(1);
  });
});
