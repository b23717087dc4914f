import type { CustomCommandView } from "@parley/protocol";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CustomCommandSuggestions } from "../src/composer/custom-command-suggestions.tsx";

const skill = (name: string): CustomCommandView => ({
  name,
  description: `The ${name} skill`,
  source: "project",
  origin: "claude",
  kind: "skill",
  path: `.claude/skills/${name}/SKILL.md`,
});

describe("the custom command suggestions", () => {
  it("does not offer a skill whose name a workflow or /structure answers, as the terminal UI does not", () => {
    render(
      <CustomCommandSuggestions
        text="/"
        commands={[skill("release"), skill("review"), skill("structure")]}
        taken={["release", "structure"]}
        onChoose={() => {}}
      />,
    );
    expect(screen.getAllByTestId("custom-command-suggestion").map((item) => item.textContent)).toEqual([
      "/review — The review skill (skill)",
    ]);
  });
});
