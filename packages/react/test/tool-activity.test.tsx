import type { ActivityItem, SubagentTreeEntry } from "@parley/sdk";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { approvalCard, renderTurns, resultCard, turnWith } from "./support/card-fixtures.tsx";

const readRequest = approvalCard(
  {
    tool_name: "Read",
    parameters: { file_path: "src/app.ts" },
    requires_approval: false,
    approval_status: "AutoApproved",
    decided_by: "not_required",
    headline: "Reading src/app.ts",
    approval_id: undefined,
    reason: undefined,
    suggested_rule: undefined,
  },
  "msg_read",
);
const longOutput = Array.from({ length: 40 }, (_, index) => `${index + 1}\tline ${index + 1}`).join("\n");

function item(extra: Partial<ActivityItem>): ActivityItem {
  return {
    toolUseId: "toolu_1",
    toolName: "Read",
    label: "Reading src/app.ts",
    state: "done",
    durationMs: 8,
    ...extra,
  };
}

describe("tool calls in the activity", () => {
  it("show a call nobody had to approve in the activity, not as a card, with a short result inline", async () => {
    renderTurns([
      turnWith(
        [readRequest, resultCard("Created notes/hello.txt (6 bytes).", {}, "msg_read", "msg_read_result")],
        {
          toolCount: 1,
          activityItems: [item({ requestId: "msg_read", resultId: "msg_read_result" })],
        },
      ),
    ]);
    expect(screen.queryByTestId("approval-card")).toBeNull();
    expect(screen.queryByTestId("tool-result")).toBeNull();
    await userEvent.click(screen.getByTestId("activity-toggle"));
    const entry = screen.getByTestId("activity-entry");
    expect(entry.dataset.toolUseId).toBe("toolu_1");
    expect(within(entry).getByTestId("tool-result-inline").textContent).toContain(
      "Created notes/hello.txt (6 bytes).",
    );
    await userEvent.click(within(entry).getByTestId("activity-entry-toggle"));
    const details = within(entry).getByTestId("activity-entry-details");
    expect(within(details).getByTestId("tool-parameter").dataset.name).toBe("file_path");
    expect(within(details).getByTestId("tool-result").dataset.status).toBe("Success");
  });

  it("collapse a long result to its first lines with a way to show all of it", async () => {
    renderTurns([
      turnWith(
        [
          readRequest,
          resultCard(longOutput, { output_truncated: true, output_chars: 45_000 }, "msg_read", "msg_r"),
        ],
        {
          activityItems: [item({ requestId: "msg_read", resultId: "msg_r" })],
        },
      ),
    ]);
    await userEvent.click(screen.getByTestId("activity-toggle"));
    expect(screen.queryByTestId("tool-result-inline")).toBeNull();
    await userEvent.click(screen.getByTestId("activity-entry-toggle"));
    const output = screen.getByTestId("tool-result-output");
    expect(output.textContent?.split("\n")).toHaveLength(12);
    expect(screen.getByTestId("tool-result").dataset.truncated).toBe("true");
    expect(screen.getByTestId("tool-result-truncated").textContent).toContain("45,000");
    await userEvent.click(screen.getByTestId("tool-result-output-expand"));
    expect(screen.getByTestId("tool-result-output").textContent).toBe(longOutput);
    expect(screen.getByTestId("tool-result-output-expand").textContent).toBe("Show less");
  });

  it("style a failed call as an error, with its error next to the headline", async () => {
    renderTurns([
      turnWith(
        [
          readRequest,
          resultCard(
            "ENOENT: no such file src/app.ts",
            {
              status: "Failed",
              is_error: true,
              error: { code: "tool_error", message: "ENOENT: no such file src/app.ts" },
            },
            "msg_read",
            "msg_r",
          ),
        ],
        { activityItems: [item({ state: "failed", requestId: "msg_read", resultId: "msg_r" })] },
      ),
    ]);
    await userEvent.click(screen.getByTestId("activity-toggle"));
    const entry = screen.getByTestId("activity-entry");
    expect(entry.dataset.state).toBe("failed");
    expect(within(entry).getByTestId("tool-result-inline").className).toContain("state-failed");
    await userEvent.click(within(entry).getByTestId("activity-entry-toggle"));
    const result = screen.getByTestId("tool-result");
    expect(result.dataset.error).toBe("true");
    expect(result.className).toContain("tool-result-error");
  });

  it("say the agent waits for an approval while a call waits", () => {
    renderTurns([
      turnWith([approvalCard()], {
        isGenerating: true,
        activitySummary: "Writing notes/hello.txt",
        activityItems: [
          item({
            toolName: "Write",
            label: "Writing notes/hello.txt",
            state: "waiting",
            requestId: "msg_request",
          }),
        ],
      }),
    ]);
    expect(screen.getByTestId("activity-headline").textContent).toBe(
      "Waiting for your approval · 1 tool call",
    );
    expect(screen.getByTestId("activity-entry").dataset.state).toBe("waiting");
    expect(screen.getByTestId("approval-card").dataset.status).toBe("pending");
  });
});

describe("SubagentTreeView", () => {
  const subagent = (extra: Partial<SubagentTreeEntry> = {}): SubagentTreeEntry => ({
    subagentId: "task_1",
    parentId: "main",
    task: "Find the launch day",
    runId: "run_child",
    prompt: "Read docs/launch.md and report the launch day.",
    done: true,
    outcome: "success",
    summary: "The launch is on Friday.",
    durationMs: 2100,
    toolUses: 1,
    cards: [readRequest, resultCard("The launch is on Friday.", {}, "msg_read", "msg_r")],
    activityItems: [item({ label: "Reading docs/launch.md", requestId: "msg_read", resultId: "msg_r" })],
    segments: [{ id: "child_text", text: "The launch is on Friday.", streaming: false }],
    partOrder: ["msg_read", "msg_r", "child_text"],
    ...extra,
  });

  it("shows each subagent's task, status, tool count, duration and outcome, its work behind a toggle", async () => {
    renderTurns([turnWith([], { subagentTree: [subagent()] })]);
    const entry = screen.getByTestId("subagent-entry");
    expect(entry.dataset).toMatchObject({ status: "success", done: "true", runId: "run_child" });
    expect(screen.getByTestId("subagent-task").textContent).toBe("Find the launch day");
    expect(screen.getByTestId("subagent-meta").textContent).toContain("1 tool · 2.1 s");
    expect(screen.getByTestId("subagent-outcome").textContent).toBe("The launch is on Friday.");
    expect(screen.queryByTestId("subagent-activity")).toBeNull();

    await userEvent.click(screen.getByTestId("subagent-toggle"));
    expect(screen.getByTestId("subagent-prompt").textContent).toContain("docs/launch.md");
    const activity = screen.getByTestId("subagent-activity");
    expect(within(activity).getByTestId("activity-entry").textContent).toContain("Reading docs/launch.md");
    expect(within(entry).getByTestId("segment").textContent).toBe("The launch is on Friday.");
  });

  it("opens a subagent that waits for an approval, so the person can answer it there", async () => {
    const { store } = renderTurns([
      turnWith([], {
        isGenerating: true,
        subagentTree: [
          subagent({
            done: false,
            outcome: undefined,
            summary: undefined,
            cards: [approvalCard({ approval_id: "apv_child" })],
            activityItems: [
              item({
                toolName: "Write",
                label: "Writing notes/hello.txt",
                state: "waiting",
                requestId: "msg_request",
              }),
            ],
            segments: [],
            partOrder: ["msg_request"],
          }),
        ],
      }),
    ]);
    expect(screen.getByTestId("subagent-entry").dataset.status).toBe("running");
    expect(screen.getByTestId("subagent-toggle").getAttribute("aria-expanded")).toBe("true");
    await userEvent.click(within(screen.getByTestId("subagent-entry")).getByTestId("approval-approve"));
    expect(store.callsOf("answerApproval")).toEqual([["apv_child", { decision: "approve" }]]);
  });

  it("says how a failed subagent ended", () => {
    renderTurns([
      turnWith([], {
        subagentTree: [subagent({ outcome: "error", summary: undefined, error: "The model failed." })],
      }),
    ]);
    expect(screen.getByTestId("subagent-entry").dataset.status).toBe("error");
    expect(screen.getByTestId("subagent-outcome").textContent).toBe("The model failed.");
  });
});
