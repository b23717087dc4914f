import type { AgentOverride, Mission, SetAgentOverrideRequest } from "@parley/protocol";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { AgentOverrideApi } from "../src/settings/agent-override-section.tsx";
import type { MissionApi } from "../src/settings/mission-section.tsx";
import { SettingsPage } from "../src/settings/settings-page.tsx";
import { ThemeProvider } from "../src/theme/theme-context.tsx";
import { FakeSettingsApi } from "./fake-settings-api.ts";

/** The mission routes in memory, as the server keeps them: one active mission, history newest first. */
class FakeMissionApi implements MissionApi, AgentOverrideApi {
  missions: Mission[] = [];
  overrides = new Map<string, AgentOverride>();
  readonly overrideRequests: SetAgentOverrideRequest[] = [];
  #clock = Date.parse("2026-11-25T12:00:00Z");
  failNextSet: string | undefined;

  async active() {
    return this.missions.find((mission) => mission.cleared_at_ms === null) ?? null;
  }
  async history() {
    return [...this.missions].reverse();
  }
  async set(text: string) {
    if (this.failNextSet !== undefined) {
      const message = this.failNextSet;
      this.failNextSet = undefined;
      throw new Error(message);
    }
    await this.clear();
    const mission = {
      id: `mis_${this.missions.length + 1}`,
      project_root: "/p",
      text,
      created_at_ms: ++this.#clock,
      cleared_at_ms: null,
    };
    this.missions.push(mission);
    return mission;
  }
  async clear() {
    const active = await this.active();
    if (active !== null) active.cleared_at_ms = ++this.#clock;
    return active;
  }
  async override(agentId: string) {
    return this.overrides.get(agentId) ?? null;
  }
  async setOverride(request: SetAgentOverrideRequest) {
    this.overrideRequests.push(request);
    if (request.model !== undefined && !request.model.includes(":"))
      throw new Error("body.model: expected provider:model");
    const { project_root: _root, ...fields } = request;
    const override = { ...fields, project_root: "/p", updated_at_ms: ++this.#clock };
    this.overrides.set(request.agent_id, override);
    return override;
  }
}

function renderPage(missions = new FakeMissionApi()) {
  render(
    <ThemeProvider>
      <SettingsPage
        api={new FakeSettingsApi()}
        onClose={() => {}}
        missionApi={missions}
        overrideApi={missions}
      />
    </ThemeProvider>,
  );
  return missions;
}

describe("the mission panel of the Settings page", () => {
  it("sets a mission, replaces it, lists the earlier one and clears the active one", async () => {
    const missions = renderPage();
    expect(await screen.findByTestId("mission-none")).toBeDefined();

    await userEvent.type(screen.getByTestId("mission-input"), "Ship the beta");
    await userEvent.click(screen.getByTestId("mission-set"));
    expect((await screen.findByTestId("mission-active")).textContent).toContain("Ship the beta");
    expect((screen.getByTestId("mission-input") as HTMLTextAreaElement).value).toBe("");

    await userEvent.type(screen.getByTestId("mission-input"), "Fix the flaky tests");
    await userEvent.click(screen.getByTestId("mission-set"));
    await waitFor(() =>
      expect(screen.getByTestId("mission-active").textContent).toContain("Fix the flaky tests"),
    );
    const earlier = screen.getAllByTestId("mission-history-item");
    expect(earlier.map((item) => item.textContent)).toEqual([expect.stringContaining("Ship the beta")]);
    expect(earlier[0]?.textContent).toContain("cleared");

    await userEvent.click(screen.getByTestId("mission-clear"));
    expect(await screen.findByTestId("mission-none")).toBeDefined();
    expect(screen.getAllByTestId("mission-history-item")).toHaveLength(2);
    expect(missions.missions.every((mission) => mission.cleared_at_ms !== null)).toBe(true);
  });

  it("keeps the text and says why when the server refuses the mission", async () => {
    const missions = new FakeMissionApi();
    missions.failNextSet = "body.text: must not be empty";
    renderPage(missions);
    await screen.findByTestId("mission-none");
    await userEvent.type(screen.getByTestId("mission-input"), "Something");
    await userEvent.click(screen.getByTestId("mission-set"));
    expect((await screen.findByTestId("mission-error")).textContent).toBe("body.text: must not be empty");
    expect((screen.getByTestId("mission-input") as HTMLTextAreaElement).value).toBe("Something");
    expect(screen.getByTestId("mission-set").hasAttribute("disabled")).toBe(false);
  });

  it("gives the main agent another model and instructions for the project, and empty fields take them back", async () => {
    const api = renderPage();
    const save = await screen.findByTestId("override-save");
    await waitFor(() => expect(save.hasAttribute("disabled")).toBe(false));
    await userEvent.type(screen.getByTestId("override-model"), "anthropic:claude-review-1");
    await userEvent.type(screen.getByTestId("override-instructions"), "You review code.");
    await userEvent.click(save);
    expect(await screen.findByTestId("override-saved")).toBeDefined();
    expect(api.overrideRequests).toEqual([
      { agent_id: "main", model: "anthropic:claude-review-1", system_prompt: "You review code." },
    ]);

    await userEvent.clear(screen.getByTestId("override-model"));
    await userEvent.clear(screen.getByTestId("override-instructions"));
    await userEvent.click(save);
    await waitFor(() => expect(api.overrideRequests).toHaveLength(2));
    expect(api.overrideRequests[1]).toEqual({ agent_id: "main" });

    await userEvent.type(screen.getByTestId("override-model"), "sonnet");
    await userEvent.click(save);
    expect((await screen.findByTestId("override-error")).textContent).toBe(
      "body.model: expected provider:model",
    );
  });
});
