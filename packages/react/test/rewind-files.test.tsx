import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderTurns, turnWith } from "./support/card-fixtures.tsx";

const report = {
  type: "change_report",
  run_id: "run_1",
  files: [{ path: "src/app.ts", change: "modified", additions: 1, deletions: 1 }],
  truncated_count: 0,
  summary: "1 file changed",
};

function renderReport(block: Record<string, unknown> = report, busy = false) {
  return renderTurns(
    [turnWith([], { segments: [{ id: "s1", text: JSON.stringify(block), streaming: false }] })],
    {
      busy,
    },
  );
}

describe("rewinding a run's files from its change report", () => {
  it("shows what a rewind would do, warns about files changed since, and rewinds on confirm", async () => {
    const { store } = renderReport();
    store.nextRewind = {
      files: [
        { path: "src/app.ts", outcome: "restored", additions: 1, deletions: 1, changed_since_agent: true },
        { path: "big.bin", outcome: "not_restorable", reason: "its content was not kept" },
      ],
    };
    await userEvent.click(screen.getByTestId("rewind-files-start"));

    const preview = await screen.findByTestId("rewind-preview");
    expect(
      within(preview)
        .getAllByTestId("rewind-file")
        .map((file) => file.dataset.outcome),
    ).toEqual(["restored", "not_restorable"]);
    expect(screen.getByTestId("rewind-changed-since").textContent).toContain("src/app.ts");
    expect(preview.textContent).toContain("its content was not kept");
    expect(store.calls.filter((call) => call.action === "rewindFiles").map((call) => call.args)).toEqual([
      ["run_1", { dryRun: true }],
    ]);

    store.nextRewind = { files: [{ path: "src/app.ts", outcome: "restored" }], message_id: "msg_r" };
    await userEvent.click(screen.getByTestId("rewind-files-confirm"));

    expect((await screen.findByTestId("rewind-result")).textContent).toContain("Rewound 1 file");
    expect(store.calls.filter((call) => call.action === "rewindFiles").at(-1)?.args).toEqual([
      "run_1",
      { dryRun: false },
    ]);
  });

  it("drops a preview once the agent starts working: after the run, the rewind starts from a new dry run", async () => {
    const { store } = renderReport();
    store.nextRewind = { files: [{ path: "src/app.ts", outcome: "restored", additions: 1, deletions: 1 }] };
    await userEvent.click(screen.getByTestId("rewind-files-start"));
    await screen.findByTestId("rewind-preview");

    act(() =>
      store.setState((state) => ({ ...state, session: state.session && { ...state.session, busy: true } })),
    );
    expect(screen.queryByTestId("rewind-files")).toBeNull();
    act(() =>
      store.setState((state) => ({ ...state, session: state.session && { ...state.session, busy: false } })),
    );

    expect(screen.queryByTestId("rewind-preview")).toBeNull();
    expect(screen.getByTestId("rewind-files-start")).toBeTruthy();
  });

  it("shows the server's reason when the rewind is refused", async () => {
    const { store } = renderReport();
    store.nextRewind = new Error(
      "run run_2 of this session is running; rewind once it has ended, or stop it first",
    );
    await userEvent.click(screen.getByTestId("rewind-files-start"));

    expect((await screen.findByTestId("rewind-files-error")).textContent).toBe(
      "Could not rewind: run run_2 of this session is running; rewind once it has ended, or stop it first",
    );
    expect(screen.getByTestId("rewind-files-start")).toBeTruthy();
  });

  it("is not offered while the agent works, for a report without its run, or on a rewind's own report", () => {
    renderReport(report, true);
    expect(screen.queryByTestId("rewind-files")).toBeNull();
    screen.getByTestId("special-block").remove();

    const { run_id: _, ...withoutRun } = report;
    renderReport(withoutRun);
    expect(screen.queryByTestId("rewind-files")).toBeNull();
    screen.getByTestId("special-block").remove();

    renderReport({
      ...report,
      summary: "1 file rewound",
      rewind: { run_id: "run_1", not_restored: [{ path: "big.bin", reason: "its content was not kept" }] },
    });
    expect(screen.queryByTestId("rewind-files")).toBeNull();
    expect(screen.getByTestId("change-not-restored").textContent).toContain("big.bin");
  });
});
