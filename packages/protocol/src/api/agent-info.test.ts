import { describe, expect, it } from "vitest";
import { agentInfoToFrontend } from "./agent-info.ts";
import { agentListResultToFrontend } from "./agent-list-result.ts";

describe("agentInfoToFrontend", () => {
  it("renames agent_type to type", () => {
    expect(
      agentInfoToFrontend({ name: "build", agent_type: "primary", details: ["edit", "bash"] }),
    ).toStrictEqual({
      name: "build",
      type: "primary",
      details: ["edit", "bash"],
    });
  });
});

describe("agentListResultToFrontend", () => {
  it("lists the agents in the CLI's order", () => {
    expect(
      agentListResultToFrontend({
        success: true,
        agents: [
          { name: "plan", agent_type: "primary", details: [] },
          { name: "general", agent_type: "subagent", details: ["task"] },
        ],
        error_message: null,
      }),
    ).toStrictEqual([
      { name: "plan", type: "primary", details: [] },
      { name: "general", type: "subagent", details: ["task"] },
    ]);
  });
});
