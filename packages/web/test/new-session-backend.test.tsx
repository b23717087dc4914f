import type { AgentCliStatus, SessionSummary } from "@parley/protocol";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { AgentBackendsApi, AgentCliSessionRequest } from "../src/sessions/agent-backends-api.ts";
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

const summary = (id: string, request: Partial<SessionSummary>): SessionSummary => ({
  id,
  title: "New session",
  project_root: "/p",
  created_at_ms: 1,
  updated_at_ms: 1,
  ...request,
});

/** The picker's API with a scripted server: two CLIs installed, two missing. */
function scriptedApi(): AgentBackendsApi & { created: AgentCliSessionRequest[]; imported: string[] } {
  const created: AgentCliSessionRequest[] = [];
  const imported: string[] = [];
  return {
    created,
    imported,
    listAgentClis: async () => [
      status("claude-code", "Claude Code", "missing"),
      status("opencode", "OpenCode", "installed"),
      status("codex", "Codex", "installed"),
      status("gemini", "Gemini CLI", "too_old"),
    ],
    listAgents: async (backend) =>
      backend === "opencode"
        ? [
            { name: "build", type: "primary", details: [] },
            { name: "plan", type: "primary", details: [] },
          ]
        : [{ name: "default", type: "primary", details: ["Codex has no named agents"] }],
    listModels: async (backend) =>
      backend === "opencode"
        ? {
            success: true,
            models: [{ id: "opencode/big-pickle", name: "Big Pickle" }, { id: "fake/fake-model" }],
            current_model: null,
          }
        : { success: true, models: [{ id: "gpt-9" }], current_model: "gpt-9" },
    listSessions: async (backend) =>
      backend === "codex" ? [{ id: "thread-1", title: "Fix the tests", updated: "2026-11-26" }] : [],
    createSession: async (request) => {
      created.push(request);
      return summary(`ses_${request.backend}`, request);
    },
    importSession: async (backend, sessionId) => {
      imported.push(`${backend}:${sessionId}`);
      return summary("ses_imported", { backend });
    },
  };
}

describe("New chat with an agent CLI", () => {
  it("offers only the installed agent CLIs, and starts the chosen one with its named agent and a model", async () => {
    const api = scriptedApi();
    const onOpen = vi.fn();
    const earlier = [
      summary("ses_old", { backend: "opencode", backend_model: "fake/fake-model" }),
      summary("ses_older", { backend: "opencode", backend_model: "fake/older" }),
    ];
    render(<NewSessionBackend api={api} sessions={earlier} onOpen={onOpen} />);
    const picker = await screen.findByTestId("session-new-backend");
    expect(
      [...picker.querySelectorAll("option:not([disabled])")].map((option) => option.textContent),
    ).toEqual(["OpenCode 1.2.3", "Codex 1.2.3"]);
    await userEvent.selectOptions(picker, "opencode");
    const agent = screen.getByTestId("agent-cli-agent");
    await screen.findByRole("option", { name: "plan (primary)" });
    expect([...agent.querySelectorAll("option")].map((option) => option.textContent)).toEqual([
      "OpenCode's default",
      "build (primary)",
      "plan (primary)",
    ]);
    // OpenCode's own models are suggested once it has listed them, then the ones earlier sessions chose.
    const field = screen.getByTestId("agent-cli-model");
    await waitFor(() => expect(field.getAttribute("data-models")).toBe("ready"));
    const suggestions = document.getElementById(field.getAttribute("list") ?? "");
    expect(
      [...(suggestions?.querySelectorAll("option") ?? [])].map((option) => [
        option.value,
        option.getAttribute("label"),
      ]),
    ).toEqual([
      ["opencode/big-pickle", "Big Pickle"],
      ["fake/fake-model", null],
      ["fake/older", null],
    ]);
    await userEvent.selectOptions(agent, "plan");
    await userEvent.type(screen.getByTestId("agent-cli-model"), "fake/other");
    await userEvent.click(screen.getByTestId("agent-cli-start-button"));
    expect(api.created).toEqual([
      { backend: "opencode", backend_model: "fake/other", backend_agent: "plan" },
    ]);
    expect(onOpen).toHaveBeenCalledWith("ses_opencode");
  });

  it("starts a CLI without named agents with its defaults, and imports one of its earlier sessions", async () => {
    const api = scriptedApi();
    const onOpen = vi.fn();
    render(<NewSessionBackend api={api} onOpen={onOpen} />);
    await userEvent.selectOptions(await screen.findByTestId("session-new-backend"), "codex");
    const earlier = await screen.findByTestId("agent-cli-earlier-session");
    expect(earlier.textContent).toContain("Fix the tests");
    expect(
      [...screen.getByTestId("agent-cli-agent").querySelectorAll("option")].map(
        (option) => option.textContent,
      ),
    ).toEqual(["Codex's default"]);
    await userEvent.click(screen.getByTestId("agent-cli-import"));
    expect(api.imported).toEqual(["codex:thread-1"]);
    expect(onOpen).toHaveBeenCalledWith("ses_imported");
    await userEvent.selectOptions(screen.getByTestId("session-new-backend"), "codex");
    await userEvent.click(screen.getByTestId("agent-cli-start-button"));
    expect(api.created).toEqual([{ backend: "codex" }]);
  });

  it("says why a CLI could not list its agents, still starts it with its default, and asks again on Try again", async () => {
    const api = scriptedApi();
    const listAgents = api.listAgents;
    api.listAgents = async () => {
      throw new Error("OpenCode could not list its agents: OpenCode timed out");
    };
    render(<NewSessionBackend api={api} onOpen={vi.fn()} />);
    await userEvent.selectOptions(await screen.findByTestId("session-new-backend"), "opencode");
    expect((await screen.findByTestId("agent-cli-agents-error")).textContent).toBe(
      "OpenCode could not list its agents: OpenCode timed out",
    );
    // The second time the CLI answers: its agents are offered and the failure is gone.
    api.listAgents = listAgents;
    await userEvent.click(screen.getByTestId("agent-cli-agents-error-retry"));
    await screen.findByRole("option", { name: "plan (primary)" });
    expect(screen.queryByTestId("agent-cli-agents-error")).toBeNull();
    await userEvent.click(screen.getByTestId("agent-cli-start-button"));
    expect(api.created).toEqual([{ backend: "opencode" }]);
  });

  it("asks for the earlier sessions only once the CLI has listed its agents, and again on Try again", async () => {
    const api = scriptedApi();
    let answerAgents: (agents: Awaited<ReturnType<AgentBackendsApi["listAgents"]>>) => void = () => {};
    api.listAgents = () =>
      new Promise((resolve) => {
        answerAgents = resolve;
      });
    const asked: string[] = [];
    api.listSessions = async (backend) => {
      asked.push(backend);
      if (asked.length === 1) throw new Error("Codex could not list its sessions: Codex timed out");
      return [{ id: "thread-1", title: "Fix the tests", updated: "2026-11-26" }];
    };
    render(<NewSessionBackend api={api} onOpen={vi.fn()} />);
    await userEvent.selectOptions(await screen.findByTestId("session-new-backend"), "codex");
    expect(asked).toEqual([]);
    await act(async () => answerAgents([{ name: "default", type: "primary", details: [] }]));
    expect((await screen.findByTestId("agent-cli-sessions-error")).textContent).toBe(
      "Codex could not list its sessions: Codex timed out",
    );
    await userEvent.click(screen.getByTestId("agent-cli-sessions-error-retry"));
    expect((await screen.findByTestId("agent-cli-earlier-session")).textContent).toContain("Fix the tests");
    expect(asked).toEqual(["codex", "codex"]);
  });

  it("fills the model field in once the CLI has listed its models, names its default, and says why it could not", async () => {
    const api = scriptedApi();
    let answer: (result: Awaited<ReturnType<AgentBackendsApi["listModels"]>>) => void = () => {};
    api.listModels = () =>
      new Promise((resolve) => {
        answer = resolve;
      });
    render(<NewSessionBackend api={api} onOpen={vi.fn()} />);
    await userEvent.selectOptions(await screen.findByTestId("session-new-backend"), "codex");
    // The picker does not wait for the CLI: the form is there, saying it is asking.
    const field = screen.getByTestId("agent-cli-model");
    expect(screen.getByTestId("agent-cli-models-loading").textContent).toBe("Asking Codex for its models…");
    expect(field.getAttribute("placeholder")).toBe("Codex's configured model");
    await act(async () => answer({ success: true, models: [{ id: "gpt-9" }], current_model: "gpt-9" }));
    expect(field.getAttribute("placeholder")).toBe("Codex's default (gpt-9)");
    expect(screen.queryByTestId("agent-cli-models-loading")).toBeNull();

    api.listModels = async () => {
      throw new Error("Gemini CLI did not list its models over ACP: not logged in");
    };
    await userEvent.selectOptions(screen.getByTestId("session-new-backend"), "opencode");
    expect((await screen.findByTestId("agent-cli-models-error")).textContent).toBe(
      "Gemini CLI did not list its models over ACP: not logged in",
    );
    // Still free-typed: the chat starts with what was typed.
    await userEvent.type(screen.getByTestId("agent-cli-model"), "mine/model");
    await userEvent.click(screen.getByTestId("agent-cli-start-button"));
    expect(api.created).toEqual([{ backend: "opencode", backend_model: "mine/model" }]);
  });

  it("shows nothing when no agent CLI is installed", async () => {
    let answer: (statuses: AgentCliStatus[]) => void = () => {};
    const listed = new Promise<AgentCliStatus[]>((resolve) => {
      answer = resolve;
    });
    const api: AgentBackendsApi = { ...scriptedApi(), listAgentClis: () => listed };
    const { container } = render(<NewSessionBackend api={api} onOpen={vi.fn()} />);
    await act(async () => {
      answer([status("codex", "Codex", "missing"), status("gemini", "Gemini CLI", "broken")]);
      await listed;
    });
    expect(container.innerHTML).toBe("");
  });
});
