import type { AgentCliStatus } from "@parley/protocol";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AgentClisSection } from "../src/settings/agent-clis-section.tsx";

const status = (
  fields: Partial<AgentCliStatus> & Pick<AgentCliStatus, "name" | "label">,
): AgentCliStatus => ({
  availability: "installed",
  command: fields.name,
  path: `/usr/bin/${fields.name}`,
  version: "1.0.0",
  minimumVersion: "1.0.0",
  message: fields.label,
  ...fields,
});

describe("Settings: agent CLIs", () => {
  it("lists every agent CLI with its version, and says why the others cannot be used", async () => {
    const api = {
      listAgentClis: async () => [
        status({ name: "claude-code", label: "Claude Code", version: "2.1.330" }),
        status({
          name: "codex",
          label: "Codex",
          availability: "missing",
          path: null,
          version: null,
          message:
            "Codex was not found (codex); install it with npm install -g @openai/codex or set its path.",
        }),
        status({
          name: "gemini",
          label: "Gemini CLI",
          availability: "too_old",
          version: "0.12.0",
          message: "update it",
        }),
      ],
    };
    render(<AgentClisSection api={api} />);
    const items = await screen.findAllByTestId("agent-cli-status");
    expect(items.map((item) => item.textContent)).toEqual([
      "Claude Code — installed (2.1.330)",
      "Codex — not installed Codex was not found (codex); install it with npm install -g @openai/codex or set its path.",
      "Gemini CLI — too old (0.12.0) update it",
    ]);
  });

  it("says under each CLI, installed or not, where its model, key and proxy are set, with a link to its docs", async () => {
    const api = {
      listAgentClis: async () => [
        status({ name: "claude-code", label: "Claude Code" }),
        status({ name: "opencode", label: "OpenCode", availability: "missing", path: null, version: null }),
      ],
    };
    render(<AgentClisSection api={api} />);
    const setups = await screen.findAllByTestId("agent-cli-setup");
    expect(setups.map((setup) => setup.querySelector("summary")?.textContent)).toEqual([
      "Model, API key or proxy",
      "Model, API key or proxy",
    ]);
    expect(setups[0]?.textContent).toContain("ANTHROPIC_BASE_URL");
    expect(setups[1]?.textContent).toContain("opencode.json");
    expect(setups[1]?.querySelector("a")?.getAttribute("href")).toBe("https://opencode.ai/docs/providers/");
  });
});
