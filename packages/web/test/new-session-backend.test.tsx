import type { AgentCliStatus, SessionSummary } from "@parley/protocol";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { AgentBackendsApi } from "../src/sessions/agent-backends-api.ts";
import { NewSessionBackend } from "../src/sessions/new-session-backend.tsx";

const status = (
  name: AgentCliStatus["name"],
  label: string,
  availability: AgentCliStatus["availability"],
) => ({
  name,
  label,
  availability,
  command: name,
  path: availability === "installed" ? `/usr/bin/${name}` : null,
  version: availability === "installed" ? "1.2.3" : null,
  minimumVersion: "1.0.0",
  message: label,
});

/** The picker's API with a scripted server: two CLIs installed, two missing. */
function scriptedApi(): AgentBackendsApi & { created: string[] } {
  const created: string[] = [];
  return {
    created,
    listAgentClis: async () => [
      status("claude-code", "Claude Code", "missing"),
      status("opencode", "OpenCode", "installed"),
      status("codex", "Codex", "installed"),
      status("gemini", "Gemini CLI", "too_old"),
    ],
    createSession: async (backend): Promise<SessionSummary> => {
      created.push(backend);
      return {
        id: `ses_${backend}`,
        title: "New session",
        project_root: "/p",
        created_at_ms: 1,
        updated_at_ms: 1,
        backend,
      };
    },
  };
}

describe("New chat with an agent CLI", () => {
  it("offers only the installed agent CLIs, and opens a session the chosen one answers", async () => {
    const api = scriptedApi();
    const onOpen = vi.fn();
    render(<NewSessionBackend api={api} onOpen={onOpen} />);
    const picker = await screen.findByTestId("session-new-backend");
    expect(
      [...picker.querySelectorAll("option:not([disabled])")].map((option) => option.textContent),
    ).toEqual(["OpenCode 1.2.3", "Codex 1.2.3"]);
    await userEvent.selectOptions(picker, "codex");
    expect(api.created).toEqual(["codex"]);
    expect(onOpen).toHaveBeenCalledWith("ses_codex");
  });

  it("shows nothing when no agent CLI is installed", async () => {
    let answer: (statuses: AgentCliStatus[]) => void = () => {};
    const listed = new Promise<AgentCliStatus[]>((resolve) => {
      answer = resolve;
    });
    const api: AgentBackendsApi = { listAgentClis: () => listed, createSession: vi.fn() };
    const { container } = render(<NewSessionBackend api={api} onOpen={vi.fn()} />);
    await act(async () => {
      answer([status("codex", "Codex", "missing"), status("gemini", "Gemini CLI", "broken")]);
      await listed;
    });
    expect(container.innerHTML).toBe("");
  });
});
