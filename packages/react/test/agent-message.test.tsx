import { type ChatMessage, displayPhase } from "@parley/sdk";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AgentMessage } from "../src/chat/agent-message.tsx";
import { ChatStoreProvider } from "../src/index.ts";
import { agentMessage, FakeChatStore } from "./support/fake-chat-store.ts";

function renderTurn(overrides: Partial<ChatMessage>, text = "") {
  render(
    <ChatStoreProvider store={new FakeChatStore()}>
      <AgentMessage message={agentMessage("run-1", text, overrides)} />
    </ChatStoreProvider>,
  );
  return screen.getByTestId("message");
}

describe("AgentMessage phases", () => {
  it("shows an animated thinking indicator while the model thinks", () => {
    const turn = renderTurn({ isGenerating: true, isThinking: true, thinkingText: "Let me see" });
    expect(turn.getAttribute("data-phase")).toBe("thinking");
    expect(screen.getByTestId("thinking-indicator").textContent).toContain("Thinking");
    expect(screen.getByTestId("thinking-text").textContent).toContain("Let me see");
  });

  it("shows tool activity live, with its headline and tool count, while the agent works", () => {
    const turn = renderTurn({
      isGenerating: true,
      activitySummary: "Reading file.ts",
      toolCount: 2,
      activityItems: [
        { label: "Read package.json", toolName: "Read", state: "done", durationMs: 12 },
        { label: "Read file.ts", toolName: "Read", state: "running" },
      ],
    });
    expect(turn.getAttribute("data-phase")).toBe("working");
    const activity = screen.getByTestId("activity-section");
    expect(activity.getAttribute("data-live")).toBe("true");
    expect(screen.getByTestId("activity-headline").textContent).toBe("Reading file.ts · 2 tool calls");
    expect(screen.getByTestId("activity-toggle").getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByTestId("activity-group").textContent).toContain("Read × 2");
  });

  it("streams text as markdown with a cursor", () => {
    const turn = renderTurn({
      isGenerating: true,
      segments: [{ id: "seg-1", text: "Partial **answer**", streaming: true }],
    });
    expect(turn.getAttribute("data-phase")).toBe("streaming");
    const segment = screen.getByTestId("segment");
    expect(segment.getAttribute("data-streaming")).toBe("true");
    expect(segment.querySelector("strong")?.textContent).toBe("answer");
    expect(segment.querySelector(".streaming-cursor")).not.toBeNull();
  });

  it("shows a cursor before the first token arrives", () => {
    renderTurn({ isGenerating: true, segments: [] });
    expect(screen.getByTestId("message").querySelector(".streaming-cursor")).not.toBeNull();
  });

  it("collapses the activity into a summary with tool count and duration once done", async () => {
    renderTurn(
      {
        toolCount: 3,
        durationMs: 12_400,
        activityEntries: ["Read a.ts", "Read b.ts", "Edit c.ts"],
      },
      "All fixed.",
    );
    expect(screen.getByTestId("activity-headline").textContent).toBe("Used 3 tools · 12 s");
    expect(screen.getByTestId("activity-toggle").getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByTestId("activity-entry")).toBeNull();
    expect(screen.getByTestId("segment").textContent).toBe("All fixed.");
    expect(screen.getByTestId("message").querySelector(".streaming-cursor")).toBeNull();

    await userEvent.click(screen.getByTestId("activity-toggle"));
    expect(screen.getByTestId("activity-group").textContent).toContain("Read × 2");
    expect(screen.getAllByTestId("activity-entry").map((entry) => entry.textContent)).toContain(
      "✓ Edit c.ts",
    );
  });

  it("keeps transient statuses out of the activity and the phase", () => {
    const message = agentMessage("run-1", "", {
      isGenerating: true,
      activitySummary: "Thinking...",
      activityEntries: ["Model loading...", "Running"],
    });
    expect(displayPhase(message)).toBe("streaming");
    render(
      <ChatStoreProvider store={new FakeChatStore()}>
        <AgentMessage message={message} />
      </ChatStoreProvider>,
    );
    expect(screen.queryByTestId("activity-section")).toBeNull();
  });

  it('says "Empty message" in italics when a finished turn has no text', () => {
    renderTurn({ segments: [{ id: "seg-1", text: "  ", streaming: false }] });
    const empty = screen.getByTestId("empty-message");
    expect(empty.tagName).toBe("EM");
    expect(empty.textContent).toBe("Empty message");
  });

  it("does not call a turn empty while it is still generating", () => {
    renderTurn({ isGenerating: true });
    expect(screen.queryByTestId("empty-message")).toBeNull();
  });

  it("turns a special block into its card once the segment is final, not while it streams", () => {
    const block = JSON.stringify({
      type: "finalize_task",
      summary: "All **tests** pass.",
      outcome: "completed",
    });
    const text = `Done.\n\n\`\`\`json\n${block}\n\`\`\``;
    const store = new FakeChatStore();
    const { rerender } = render(
      <ChatStoreProvider store={store}>
        <AgentMessage
          message={agentMessage("run-1", "", {
            isGenerating: true,
            segments: [{ id: "s", text, streaming: true }],
          })}
        />
      </ChatStoreProvider>,
    );
    expect(screen.queryByTestId("special-block")).toBeNull();
    expect(screen.getByTestId("code-block")).not.toBeNull();

    rerender(
      <ChatStoreProvider store={store}>
        <AgentMessage message={agentMessage("run-1", text)} />
      </ChatStoreProvider>,
    );
    const card = screen.getByTestId("special-block");
    expect(card.getAttribute("data-block-type")).toBe("finalize_task");
    expect(card.querySelector("strong")?.textContent).toBe("tests");
    expect(screen.queryByTestId("code-block")).toBeNull();
  });

  it("renders the subagent tree of a turn that delegated", () => {
    renderTurn(
      {
        subagentTree: [
          { subagentId: "sub-1", parentId: "main", task: "Survey the repo", done: true, outcome: "success" },
          { subagentId: "sub-2", parentId: "sub-1", task: "Read the tests", done: false },
          { subagentId: "sub-3", parentId: "main", task: "Check CI", done: true, outcome: "error" },
        ],
      },
      "Summary.",
    );
    const tree = screen.getByTestId("subagent-tree");
    const entries = within(tree).getAllByTestId("subagent-entry");
    expect(entries.map((entry) => entry.getAttribute("data-subagent-id"))).toEqual([
      "sub-1",
      "sub-2",
      "sub-3",
    ]);
    expect(entries[1]?.parentElement?.closest("[data-subagent-id]")?.getAttribute("data-subagent-id")).toBe(
      "sub-1",
    );
    expect(entries[2]?.textContent).toContain("error");
  });

  it("says a stopped turn was stopped and shows a turn's error", () => {
    renderTurn({ outcome: "cancelled", error: "The model refused the request." }, "Partial");
    expect(screen.getByTestId("message-outcome").textContent).toBe("Stopped");
    expect(screen.getByTestId("message-error").textContent).toBe("The model refused the request.");
  });

  it("shows a card of a kind without a card of its own by its kind and what it is about", () => {
    renderTurn({ cards: [{ id: "c1", rich: { kind: "Processing", data: { name: "Deploy" } } }] }, "Running.");
    const card = screen.getByTestId("rich-card");
    expect(card.getAttribute("data-kind")).toBe("Processing");
    expect(card.textContent).toContain("Deploy");
  });

  it("shows the plan the agent set during the turn", () => {
    renderTurn({
      plan: {
        goal: "Fix the build",
        steps: [{ step_number: 1, action: "Run the tests", reason: "see what fails" }],
      },
    });
    const card = screen.getByTestId("plan-card");
    expect(screen.getByTestId("plan-goal").textContent).toBe("Fix the build");
    expect(card.getAttribute("data-interactive")).toBe("false");
    expect(screen.queryByTestId("plan-execute")).toBeNull();
    expect(screen.queryByTestId("empty-message")).toBeNull();
  });

  it("puts a turn's images behind click-to-load placeholders", () => {
    renderTurn({ images: ["https://images.example/cat.png", "/api/files/diagram.png"] });
    const placeholders = screen.getAllByTestId("remote-image");
    expect(placeholders.map((placeholder) => placeholder.dataset.host)).toEqual([
      "images.example",
      window.location.host,
    ]);
    expect(document.querySelector("img")).toBeNull();
  });
});
