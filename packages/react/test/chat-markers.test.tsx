import type { MessageCard } from "@parley/sdk";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderTurns, turnWith } from "./support/card-fixtures.tsx";

const report = {
  type: "change_report",
  files: [
    {
      path: "src/app.ts",
      change: "modified",
      additions: 2,
      deletions: 1,
      diff: "--- a/src/app.ts\n+++ b/src/app.ts\n@@ -1,3 +1,4 @@\n one\n-two\n+TWO\n three\n+four\n",
    },
    { path: "assets/logo.png", change: "added", additions: 0, deletions: 0, diff_omitted: "binary file" },
  ],
  truncated_count: 3,
  summary: "5 files changed",
};

function compaction(details: Record<string, unknown>): MessageCard {
  return {
    id: "msg_compact",
    rich: { kind: "SystemControl", data: { action: "compact", reason: "compaction was requested", details } },
  };
}

describe("special blocks and markers", () => {
  it("lists changed files with their kind and counts, and shows a diff with added and removed lines styled", async () => {
    renderTurns([turnWith([], { segments: [{ id: "s1", text: JSON.stringify(report), streaming: false }] })]);
    const block = screen.getByTestId("special-block");
    expect(block.dataset.blockType).toBe("change_report");
    expect(block.textContent).toContain("5 files changed");
    const files = screen.getAllByTestId("change-file");
    expect(files.map((file) => [file.dataset.path, file.dataset.change])).toEqual([
      ["src/app.ts", "modified"],
      ["assets/logo.png", "added"],
    ]);
    expect(within(files[0] as HTMLElement).getByTestId("change-file-counts").textContent).toBe("+2 −1");
    expect(screen.getByTestId("change-diff-omitted").textContent).toContain("binary file");
    expect(screen.getByTestId("change-more").textContent).toBe("3 more files not listed");

    await userEvent.click(within(files[0] as HTMLElement).getByTestId("change-file-toggle"));
    const lines = screen.getAllByTestId("diff-line");
    expect(lines.map((line) => line.dataset.kind)).toEqual([
      "header",
      "header",
      "hunk",
      "context",
      "remove",
      "add",
      "context",
      "add",
    ]);
    expect(lines[4]?.className).toContain("diff-remove");
    expect(lines[5]?.className).toContain("diff-add");
  });

  it("shows a change report the run announced when no message of the turn carries it", () => {
    renderTurns([
      turnWith([], {
        changeReport: {
          files: [{ path: "a.txt", change: "added", additions: 1, deletions: 0, diff: "+a\n" }],
          truncatedCount: 0,
          messageId: "msg_not_here",
        },
      }),
    ]);
    expect(screen.getByTestId("change-file").dataset.path).toBe("a.txt");
  });

  it("shows the agent's closing summary with its outcome, checks and next steps", () => {
    const block = {
      type: "finalize_task",
      summary: "Added the **cache**.",
      outcome: "partial",
      verification: "npm test passes",
      next_steps: ["Tune the TTL"],
    };
    renderTurns([turnWith([], { segments: [{ id: "s1", text: JSON.stringify(block), streaming: false }] })]);
    expect(screen.getByTestId("finalize-outcome").dataset.outcome).toBe("partial");
    expect(screen.getByTestId("finalize-verification").textContent).toContain("npm test passes");
    expect(screen.getByTestId("finalize-next-steps").textContent).toContain("Tune the TTL");
  });

  it("marks where the conversation was compacted, with the sizes and the summary behind a toggle", async () => {
    renderTurns([
      turnWith(
        [
          compaction({
            trigger: "manual",
            pre_tokens: 875,
            post_tokens: 65,
            summarized_messages: 4,
            summary: "Ada works on the parser.",
          }),
        ],
        {
          segments: [],
          text: "",
        },
      ),
    ]);
    const row = screen.getByTestId("message");
    expect(row.dataset.role).toBe("system");
    const divider = screen.getByTestId("compaction-divider");
    expect(divider.dataset.trigger).toBe("manual");
    expect(divider.textContent).toContain("Earlier messages were summarized — 875 → 65 tokens");
    expect(screen.queryByTestId("compaction-summary")).toBeNull();
    await userEvent.click(screen.getByTestId("compaction-summary-toggle"));
    expect(screen.getByTestId("compaction-summary").textContent).toBe("Ada works on the parser.");
  });

  it("says an automatic compaction happened near the context limit, inside the turn it preceded", () => {
    renderTurns([turnWith([compaction({ trigger: "auto", pre_tokens: 160_000, post_tokens: 12_000 })])]);
    expect(screen.getByTestId("message").dataset.role).toBe("agent");
    expect(screen.getByTestId("compaction-divider").textContent).toContain(
      "160k → 12k tokens (automatically",
    );
  });

  it("notes a permission mode change in the chat", () => {
    const card: MessageCard = {
      id: "msg_mode",
      rich: {
        kind: "SystemControl",
        data: { action: "mode_change", mode: "plan", previous_mode: "default" },
      },
    };
    renderTurns([
      turnWith([card], { id: "msg_mode", runId: undefined, segments: [], text: "", from: "parley" }),
    ]);
    const notice = screen.getByTestId("mode-change-notice");
    expect(notice.dataset.mode).toBe("plan");
    expect(notice.textContent).toBe("Permission mode: Plan mode (was Ask before changes)");
  });
});

describe("cards that cannot be shown as their kind", () => {
  it("show an unknown kind as text with a logged warning, once however often the turn renders", () => {
    const { warnings, store } = renderTurns([
      turnWith([{ id: "msg_x", rich: { kind: "Hologram", data: { text: "A **3D** view of the repo" } } }]),
    ]);
    const card = screen.getByTestId("text-card");
    expect(card.dataset.unknownKind).toBe("Hologram");
    expect(card.querySelector("strong")?.textContent).toBe("3D");
    expect(screen.getByTestId("segment").textContent).toBe("Let me see.");
    act(() => store.updateMessage("run_1", (message) => ({ ...message, durationMs: 5 })));
    expect(warnings).toEqual(['message msg_x has unknown rich kind "Hologram"; it is shown as text']);
  });

  it("show a known kind whose data does not fit as its JSON, with a warning", () => {
    const { warnings } = renderTurns([
      turnWith([{ id: "msg_bad", rich: { kind: "Plan", data: { goal: "" } } }]),
    ]);
    expect(screen.getByTestId("text-card").textContent).toContain('"goal": ""');
    expect(warnings).toEqual(["message msg_bad: its Plan data does not fit the schema; it is shown as text"]);
  });

  it("show a kind the sdk already turned into text with a note (the sdk logged its warning)", () => {
    const card: MessageCard = {
      id: "msg_y",
      rich: { kind: "Text", data: { text: "Hi" } },
      unknownKind: "Hologram",
    };
    const { warnings } = renderTurns([turnWith([card])]);
    expect(screen.getByTestId("text-card").textContent).toContain("no card for “Hologram”");
    expect(warnings).toEqual([]);
  });
});
